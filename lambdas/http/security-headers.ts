import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { REQUEST_ID_HEADER } from '@wayfarer/shared/api/request-id';
import { JSON_CONTENT_TYPE } from './reply';
import { requestStateOf } from './request-state';

/** Sent on every API response, errors included: API answers are private, never framed, never sniffed. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

interface ResponseWithHeaders {
  headers?: Record<string, string | number | boolean>;
}

function addHeaders(event: APIGatewayProxyEvent, response: ResponseWithHeaders | undefined | null): void {
  if (!response) return;
  const headers = { ...response.headers };
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers[name] = value;
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (!hasContentType) headers['content-type'] = JSON_CONTENT_TYPE;
  const state = requestStateOf(event);
  if (state) headers[REQUEST_ID_HEADER] = state.requestId;
  response.headers = headers;
}

export function securityHeaders(): MiddlewareObj<APIGatewayProxyEvent, ResponseWithHeaders | undefined> {
  return {
    after: (request) => addHeaders(request.event, request.response),
    onError: (request) => addHeaders(request.event, request.response),
  };
}
