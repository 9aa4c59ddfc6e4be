import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { errorFields, type Logger } from '../logger';
import { HttpError } from './errors';
import { errorResult, type HttpResult } from './reply';
import { requestStateOf } from './request-state';
import { isResponseGone } from './response-gone';

/**
 * Turns every failure into `{error}` JSON. HttpErrors keep their status and message; anything else is a 500
 * `error_server` whose details (stack included) go to the log only, never to the caller.
 */
export function errorHandler(logger: Logger): MiddlewareObj<APIGatewayProxyEvent, HttpResult | undefined> {
  return {
    onError: (request) => {
      const error = request.error;
      const state = requestStateOf(request.event);
      const where = { ...(state ? { routeId: state.route.id, requestId: state.requestId } : {}) };
      if (isResponseGone(request.event)) {
        // The client hung up before the answer (its abort reached the upstream): nobody to answer, nothing broken.
        logger.info('request cancelled by the client', where);
        request.response = errorResult(499, 'Client closed request');
        return;
      }
      if (error instanceof HttpError) {
        // A 5xx HttpError is still our fault (a dependency down): its cause is worth a log line.
        if (error.statusCode >= 500 && error.cause !== undefined) {
          logger.error('dependency failure', { ...where, ...errorFields(error.cause) });
        }
        request.response = errorResult(error.statusCode, error.message);
        return;
      }
      logger.error('unhandled error', { ...where, ...errorFields(error) });
      request.response = errorResult(500, HTTP_ERROR_KEYS.server);
    },
  };
}
