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
