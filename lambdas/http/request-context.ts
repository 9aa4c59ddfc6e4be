import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { RouteDefinition } from '@wayfarer/shared/api/route-types';
import type { Logger } from '../logger';
import { requestStateOf, startRequestState } from './request-state';

/** Request id to correlate a client's report, API Gateway's logs and ours. */
export function requestIdOf(event: APIGatewayProxyEvent, context: Partial<Context> | undefined): string {
  return event.requestContext?.requestId || context?.awsRequestId || randomUUID();
}

/**
 * Outermost middleware: starts the request's state and writes the one access-log line per request (route id,
 * method, status, duration, request id). It never logs bodies, headers, query strings or paths with values.
 */
export function requestContext(
  route: RouteDefinition,
  logger: Logger,
): MiddlewareObj<APIGatewayProxyEvent, { statusCode?: number } | undefined> {
  let coldStart = true;
  const logLine = (event: APIGatewayProxyEvent, response: { statusCode?: number } | undefined | null) => {
    const state = requestStateOf(event);
    const status = response?.statusCode ?? 500;
    const fields = {
      routeId: route.id,
      method: route.method,
      status,
      durationMs: state ? Date.now() - state.startedAt : 0,
      ...(state ? { requestId: state.requestId } : {}),
      ...(route.streaming ? { streamed: true } : {}),
      coldStart,
    };
    coldStart = false;
    if (status >= 500) logger.error('request', fields);
    else logger.info('request', fields);
  };
  return {
    before: (request) => {
      startRequestState(request.event, route, requestIdOf(request.event, request.context), Date.now());
    },
    after: (request) => logLine(request.event, request.response),
    onError: (request) => logLine(request.event, request.response),
  };
}
