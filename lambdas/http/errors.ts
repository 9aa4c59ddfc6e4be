import type { RateLimitClass } from '@wayfarer/shared/api/route-types';
import {
  HTTP_ERROR_KEYS,
  RATE_LIMIT_KEYS,
  type DailyLimitKey,
  type MessageKey,
} from '@wayfarer/shared/domain/error-keys';
import { rateLimitMessageKey } from '@wayfarer/shared/domain/error-mapping';
import { providerRetryAfterSeconds, RETRY_AFTER_SECONDS } from './dependency-failure';

/**
 * An error with an HTTP status and the message sent to the caller as `{error: message}`. The message is a
 * translation key (docs/SPEC.md §8), or for a 422 the field and what is wrong with it; every default is a key.
 * Anything that is not an HttpError becomes a 500 `error_server`, with the details in the logs only.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.validation, options?: { cause?: unknown }) {
    super(400, message, options);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.unauthorized, options?: { cause?: unknown }) {
    super(401, message, options);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.forbidden, options?: { cause?: unknown }) {
    super(403, message, options);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.notFound, options?: { cause?: unknown }) {
    super(404, message, options);
  }
}

/** Only a client out of step with the route table sends a method a route lacks: for the traveller, our fault. */
export class MethodNotAllowedError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.server, options?: { cause?: unknown }) {
    super(405, message, options);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.conflict, options?: { cause?: unknown }) {
    super(409, message, options);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.payloadTooLarge, options?: { cause?: unknown }) {
    super(413, message, options);
  }
}

/** Well-formed input that breaks a rule; the message names the field (`email: Invalid email address`). */
export class ValidationError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.validation, options?: { cause?: unknown }) {
    super(422, message, options);
  }
}

/** 429; the key follows the route's rate-limit class so the client shows the matching message (docs/SPEC.md §8). */
export class RateLimitedError extends HttpError {
  constructor(rateLimitClass: RateLimitClass = 'default', options?: { cause?: unknown }) {
    super(429, rateLimitMessageKey(rateLimitClass), options);
  }
}

/** 429 error_usage_limit_reached: today's speech allowance is spent (the client opens the limit dialog). */
export class AllowanceSpentError extends HttpError {
  constructor(options?: { cause?: unknown }) {
    super(429, RATE_LIMIT_KEYS.speech, options);
  }
}

/** 429 with a daily ceiling's own key (DAILY_LIMIT_KEYS): today's characters or photos are used. */
export class DailyLimitReachedError extends HttpError {
  constructor(key: DailyLimitKey, options?: { cause?: unknown }) {
    super(429, key, options);
  }
}

export class InternalServerError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.server, options?: { cause?: unknown }) {
    super(500, message, options);
  }
}

/** A route that is wired (parsing, validation, auth) but does nothing yet. */
export class NotImplementedError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.server, options?: { cause?: unknown }) {
    super(501, message, options);
  }
}

/** A dependency (the table, a provider) is down; the caller may retry (the answer carries Retry-After). */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string = HTTP_ERROR_KEYS.unavailable, options?: { cause?: unknown }) {
    super(503, message, options);
  }
}

/**
 * A capability whose engine cannot serve (translation, speech, analysis, photos, payments): a 503 whose `{error}`
 * is the feature's message key (CAPABILITY_UNAVAILABLE_KEYS, or the call's own, such as an analysis card's).
 * Retry-After is sent when trying again may help: the provider's own wait when it said one, else
 * RETRY_AFTER_SECONDS for an engine that failed. An engine that is missing (not configured, or not in this
 * process) gets none: only the operator can change that. `reason` is operator detail for the log only.
 */
export class CapabilityUnavailableError extends HttpError {
  readonly retryAfterSeconds: number | undefined;
  readonly reason: string | undefined;

  constructor(
    messageKey: MessageKey,
    options: { cause?: unknown; reason?: string; retryAfterSeconds?: number } = {},
  ) {
    super(503, messageKey, { cause: options.cause });
    // A service's own key over an engine that is missing: still missing, still the operator's to fix.
    this.reason =
      options.reason ??
      (options.cause instanceof CapabilityUnavailableError ? options.cause.reason : undefined);
    this.retryAfterSeconds = options.retryAfterSeconds ?? retryAfterFor(options.cause);
  }
}

function retryAfterFor(cause: unknown): number | undefined {
  if (cause === undefined) return undefined;
  if (cause instanceof CapabilityUnavailableError) return cause.retryAfterSeconds;
  return providerRetryAfterSeconds(cause) ?? RETRY_AFTER_SECONDS;
}

/** The whole body of a route that does nothing yet. */
export function notImplemented(): never {
  throw new NotImplementedError();
}
