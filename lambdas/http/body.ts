import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { BadRequestError, PayloadTooLargeError } from './errors';
import { requireRequestState } from './request-state';

/** Bytes the client sent: API Gateway base64-encodes binary bodies, which inflates them by a third. */
export function bodyByteLength(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): number {
  if (!event.body) return 0;
  return Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** Rejects a body over the route's `maxBodyBytes` (413) before anything decodes or parses it. */
export function bodyLimit(): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const state = requireRequestState(request.event);
      if (bodyByteLength(request.event) > state.route.maxBodyBytes) throw new PayloadTooLargeError();
      if (request.event.body) {
        state.rawBody = Buffer.from(request.event.body, request.event.isBase64Encoded ? 'base64' : 'utf8');
      }
    },
  };
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isJsonMediaType(mediaType: string): boolean {
  return (
    mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'))
  );
}

/**
 * Reads the body the way the route's `bodyKind` says: JSON is parsed (a client mistake is a 400, never a
 * 5xx); raw and multipart bodies stay bytes for their handlers (signed webhooks, image uploads).
 */
export function parseBody(): MiddlewareObj<APIGatewayProxyEvent> {
  return {
    before: (request) => {
      const state = requireRequestState(request.event);
      const contentType = state.headers['content-type'];
      switch (state.route.bodyKind) {
        case 'json': {
          if (!state.rawBody || state.rawBody.length === 0)
            throw new BadRequestError('Request body is required');
          if (!isJsonMediaType(mediaTypeOf(contentType))) {
            throw new BadRequestError('Content-Type must be application/json');
          }
          try {
            state.body = JSON.parse(state.rawBody.toString('utf8'));
          } catch {
            throw new BadRequestError('Request body must be valid JSON');
          }
          return;
        }
        case 'multipart':
          if (mediaTypeOf(contentType) !== 'multipart/form-data') {
            throw new BadRequestError('Content-Type must be multipart/form-data');
          }
          return;
        case 'raw':
        case 'none':
          return;
      }
    },
  };
}
