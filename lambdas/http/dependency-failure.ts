/**
 * A dependency that is briefly out of reach (the table restarting, a provider's socket reset or its rate limit on
 * our account, a request that ran past its deadline): the caller should retry, so it gets a 503 with Retry-After, never a 500 or a hang.
 * The SDKs have already retried by their own settings (lambdas/adapters/aws/table.ts, the OpenAI clients, and
 * provider-fetch.ts for the fetch adapters of Stripe and Deepgram's key API) when
 * such an error reaches the error handler.
 */

/** Seconds a client should wait before retrying a 503 (DynamoDB Local restarts in 3-5 s on 2 cores). */
export const RETRY_AFTER_SECONDS = 2;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/** The AWS SDK's names for a request that got no usable answer, and for a service that said "later". */
const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

function transientHere(error: object): boolean {
  const { code, name, $metadata, status } = error as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: unknown };
    /** A provider's HTTP answer: openai's APIError, the fetch adapters' errors (Stripe, Deepgram's key API). */
    status?: unknown;
  };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (typeof name === 'string' && TRANSIENT_NAMES.has(name)) return true;
  const answered = $metadata?.httpStatusCode ?? status;
  // A provider's 429 is its limit on our account, not the caller's: the SDK retried it already, and the caller
  // may try again later like any other briefly unavailable dependency (our own 429s are HttpErrors).
  return typeof answered === 'number' && (answered >= 500 || answered === 429);
}

/** True when the error, or one it wraps (cause, AggregateError), says a dependency is briefly unreachable. */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (transientHere(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDependencyUnavailable(inner, depth + 1))
  )
    return true;
  return isDependencyUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** A header from a provider's answer, as openai's APIError (Headers) or a fetch adapter's error (a record) keeps it. */
function headerOf(headers: unknown, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function secondsFromHeaders(headers: unknown): number | undefined {
  const milliseconds = Number(headerOf(headers, 'retry-after-ms'));
  if (milliseconds > 0) return Math.ceil(milliseconds / 1000);
  const value = headerOf(headers, 'retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? Math.ceil(seconds) : undefined;
  const until = Date.parse(value);
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : undefined;
}

/**
 * The wait a provider asked for (Retry-After or retry-after-ms on its answer), in whole seconds, found on the error
 * or one it wraps; undefined when no provider said when.
 */
export function providerRetryAfterSeconds(error: unknown, depth = 0): number | undefined {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const here = secondsFromHeaders((error as { headers?: unknown }).headers);
  if (here !== undefined) return here;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const seconds = providerRetryAfterSeconds(inner, depth + 1);
      if (seconds !== undefined) return seconds;
    }
  }
  return providerRetryAfterSeconds((error as { cause?: unknown }).cause, depth + 1);
}
