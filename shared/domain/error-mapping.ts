import { routeForPath } from '../api/route-table';
import type { RateLimitClass } from '../api/route-types';
import { HTTP_ERROR_KEYS, isDailyLimitKey, RATE_LIMIT_KEYS } from './error-keys';
import type { DailyLimitKey, RateLimitKey } from './error-keys';

/** docs/SPEC.md §8: what a 429 says depends on which limit the call hit. */
export const RATE_LIMIT_MESSAGE_KEYS: Readonly<Record<RateLimitClass, RateLimitKey>> = {
  auth: RATE_LIMIT_KEYS.auth,
  'password-reset': RATE_LIMIT_KEYS.passwordReset,
  // Tickets taken too fast are a rate limit like any other; a spent allowance is the ticket route's own answer
  // (error_usage_limit_reached), which opens the limit dialog, so a gateway refusal must never say it.
  speech: RATE_LIMIT_KEYS.default,
  expensive: RATE_LIMIT_KEYS.expensive,
  // Its own per-viewer limit (shared/api/rate-limits.ts), the general message (docs/SPEC.md §8).
  analysis: RATE_LIMIT_KEYS.default,
  stripe: RATE_LIMIT_KEYS.stripe,
  default: RATE_LIMIT_KEYS.default,
};

export function rateLimitMessageKey(rateLimitClass: RateLimitClass): RateLimitKey {
  return RATE_LIMIT_MESSAGE_KEYS[rateLimitClass];
}

/**
 * The rate-limit class of the route a request went to, read from the route table. Accepts a bare path or a
 * full URL, with or without a query string; a path no route knows is in the default class.
 */
export function rateLimitClassForPath(pathOrUrl: string): RateLimitClass {
  return routeForPath(pathOrUrl)?.rateLimitClass ?? 'default';
}

export interface FailedResponse {
  readonly status: number;
  /** The body parsed as JSON; ignored unless bodyReadable. */
  readonly body?: unknown;
  /** False when the body was absent or not JSON. */
  readonly bodyReadable: boolean;
  /** The request's path or URL; decides which 429 message applies. */
  readonly path: string;
  /** The caller's own message for this call (e.g. error_login_failed), used when the server says nothing. */
  readonly fallbackKey?: string;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function bodyField(body: unknown, field: 'error' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return nonEmptyText((body as Record<string, unknown>)[field]);
}

/** What the server itself said in a failed response's body ({error} first, else {message}), if anything. */
export function serverMessageOf(body: unknown): string | undefined {
  return bodyField(body, 'error') ?? bodyField(body, 'message');
}

/** A 429 whose body names a daily ceiling: the limit it is, not the route's rate-limit class. */
function dailyLimitKeyOf(response: FailedResponse): DailyLimitKey | undefined {
  const error = response.bodyReadable ? bodyField(response.body, 'error') : undefined;
  return error !== undefined && isDailyLimitKey(error) ? error : undefined;
}

/**
 * docs/SPEC.md §8's failed-response mapping. Returns a message key (see isMessageKey) or the server's own text.
 * 409 and 422 use their keys only when the body was readable; otherwise they fall to the general rule.
 */
export function messageForFailedResponse(response: FailedResponse): string {
  const { status, bodyReadable, path, fallbackKey } = response;
  if (status === 429) return dailyLimitKeyOf(response) ?? rateLimitMessageKey(rateLimitClassForPath(path));
  // A 500's body may carry internals; the user gets the generic message whatever the server wrote.
  if (status === 500) return HTTP_ERROR_KEYS.server;

  const body = bodyReadable ? response.body : undefined;
  const serverError = bodyField(body, 'error');
  if (status === 401) return serverError ?? HTTP_ERROR_KEYS.unauthorized;
  if (status === 403) return serverError ?? HTTP_ERROR_KEYS.forbidden;
  if (bodyReadable && status === 409) return serverError ?? HTTP_ERROR_KEYS.conflict;
  if (bodyReadable && status === 422) return serverError ?? HTTP_ERROR_KEYS.validation;
  return serverMessageOf(body) ?? nonEmptyText(fallbackKey) ?? HTTP_ERROR_KEYS.server;
}

/** What messageFromError logs for an error that carries no text: operator detail, never shown to a traveller. */
export const UNKNOWN_ERROR_TEXT = 'An unknown error occurred';

/**
 * docs/SPEC.md §8's generic extractor, for the console log: the error's message, else the string itself, else
 * UNKNOWN_ERROR_TEXT.
 */
export function messageFromError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = nonEmptyText(error.message);
    if (message) return message;
  }
  return nonEmptyText(error) ?? UNKNOWN_ERROR_TEXT;
}
