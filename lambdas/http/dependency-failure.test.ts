import './testing/install-awslambda-shim';
import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './dependency-failure';
import { ServiceUnavailableError } from './errors';
import { routeFailingWith } from './testing/failing-route';

async function healthRouteFailingWith(error: unknown) {
  return (await routeFailingWith(error)).result;
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
  code: 'ECONNREFUSED',
  $metadata: { attempts: 3 },
});

describe('a dependency out of reach', () => {
  it("recognises connection errors, SDK timeouts, SDK 5xx and a provider's 429, also wrapped, and nothing else", () => {
    expect(isDependencyUnavailable(refused)).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
    expect(isDependencyUnavailable(Object.assign(new Error('late'), { name: 'TimeoutError' }))).toBe(true);
    expect(isDependencyUnavailable({ name: 'X', $metadata: { httpStatusCode: 500 } })).toBe(true);
    expect(isDependencyUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDependencyUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDependencyUnavailable(new Error('a bug'))).toBe(false);
    // A provider's own answer (openai's APIError, the fetch adapters' errors: Stripe, Deepgram's key API).
    expect(isDependencyUnavailable({ name: 'StripeRequestError', status: 502 })).toBe(true);
    expect(isDependencyUnavailable({ name: 'StripeRequestError', status: 400 })).toBe(false);
    // A provider's rate limit on our account (openai's RateLimitError) is not the caller's fault: try again later.
    expect(isDependencyUnavailable({ name: 'RateLimitError', status: 429 })).toBe(true);
    expect(isDependencyUnavailable({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } })).toBe(
      true,
    );
    expect(
      isDependencyUnavailable({
        name: 'ConditionalCheckFailedException',
        $metadata: { httpStatusCode: 400 },
      }),
    ).toBe(false);
  });

  it('answers 503 error_service_unavailable with Retry-After, not a 500', async () => {
    const result = await healthRouteFailingWith(refused);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({ error: HTTP_ERROR_KEYS.unavailable });
    expect(result.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('gives every 503 a Retry-After, its own message kept', async () => {
    const result = await healthRouteFailingWith(new ServiceUnavailableError('failed_to_analyze_prices'));
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({ error: 'failed_to_analyze_prices' });
    expect(result.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('still answers any other failure 500 error_server, without Retry-After', async () => {
    const result = await healthRouteFailingWith(new Error('a bug'));
    expect(result.statusCode).toBe(500);
    expect(result.headers?.['retry-after']).toBeUndefined();
  });
});
