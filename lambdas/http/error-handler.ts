import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { errorFields, type Logger } from '../logger';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './dependency-failure';
import { CapabilityUnavailableError, HttpError } from './errors';
import { errorResult, type HttpResult } from './reply';
import { requestStateOf } from './request-state';
import { isResponseGone } from './response-gone';

/** A 503 tells the caller when to try again (docs/SPEC.md §8), unless trying again cannot help. */
const retryHint = (seconds: number | undefined) =>
  seconds === undefined ? undefined : { 'retry-after': String(seconds) };

/** The wait a 503 HttpError asks for: a capability's own verdict, else the dependency's usual restart time. */
const retryAfterOf = (error: HttpError) =>
  error instanceof CapabilityUnavailableError ? error.retryAfterSeconds : RETRY_AFTER_SECONDS;

/**
 * Turns every failure into `{error}` JSON. HttpErrors keep their status and message; a dependency briefly out
 * of reach (connection refused or reset, a timeout, an SDK's 5xx: dependency-failure.ts) is a 503
 * `error_service_unavailable`; anything else is a 500 `error_server`. A 503 carries Retry-After unless it is a
 * capability with no engine (errors.ts, CapabilityUnavailableError), and is logged as what it is, never as an
 * unhandled error. Details (stack included) go to the log only, never to the caller.
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
      if (error instanceof CapabilityUnavailableError && error.retryAfterSeconds === undefined) {
        // No engine here (no Retry-After: trying again cannot help): the configuration's doing, told on each call
        // so the operator sees what to set; not an error of the code.
        logger.warn('capability unavailable', { ...where, errorReason: error.reason ?? error.message });
      } else if (error instanceof HttpError && error.statusCode >= 500 && error.cause !== undefined) {
        // A 5xx HttpError is still our fault (a dependency down): its cause is worth a log line.
        logger.error('dependency failure', { ...where, ...errorFields(error.cause) });
      }
      if (error instanceof HttpError) {
        const hint = error.statusCode === 503 ? retryHint(retryAfterOf(error)) : undefined;
        request.response = errorResult(error.statusCode, error.message, hint);
        return;
      }
      if (isDependencyUnavailable(error)) {
        logger.error('dependency unavailable', { ...where, ...errorFields(error) });
        request.response = errorResult(503, HTTP_ERROR_KEYS.unavailable, retryHint(RETRY_AFTER_SECONDS));
        return;
      }
      logger.error('unhandled error', { ...where, ...errorFields(error) });
      request.response = errorResult(500, HTTP_ERROR_KEYS.server);
    },
  };
}
