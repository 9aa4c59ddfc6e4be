import './testing/install-awslambda-shim';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_UNAVAILABLE_KEYS, isMessageKey } from '@wayfarer/shared/domain/error-keys';
import { EngineUnavailableError } from '../providers';
import { RETRY_AFTER_SECONDS } from './dependency-failure';
import {
  BadRequestError,
  CapabilityUnavailableError,
  ConflictError,
  ForbiddenError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { routeFailingWith } from './testing/failing-route';

const bodyOf = (result: APIGatewayProxyResult) => JSON.parse(result.body) as unknown;

/** openai's APIError and the fetch adapters' errors carry the provider's answer: its status and headers. */
const providerSaid = (headers: Record<string, string> | Headers) =>
  Object.assign(new Error('429 Rate limit reached'), { status: 429, headers });

describe('CapabilityUnavailable', () => {
  it('a capability whose engine cannot serve answers 503 with its message key', async () => {
    const { result } = await routeFailingWith(
      new CapabilityUnavailableError('failed_to_analyze_prices', { cause: new Error('model down') }),
    );
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toEqual({ error: 'failed_to_analyze_prices' });
    expect(result.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('a capability with no engine answers 503 with its key and no Retry-After: trying again cannot help', async () => {
    const { result } = await routeFailingWith(
      new EngineUnavailableError('translate', 'TRANSLATE_ENGINE=cloud needs OPENAI_MODEL_TRANSLATE'),
    );
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toEqual({ error: CAPABILITY_UNAVAILABLE_KEYS.translate });
    expect(result.headers?.['retry-after']).toBeUndefined();
  });

  it('a capability whose engine is missing keeps that verdict when a service wraps it with its own key', async () => {
    const missing = new EngineUnavailableError('analysis', 'ANALYSIS_ENGINE=embedded needs the local cloud');
    const { result } = await routeFailingWith(
      new CapabilityUnavailableError('failed_to_analyze_emergency', { cause: missing }),
    );
    expect(bodyOf(result)).toEqual({ error: 'failed_to_analyze_emergency' });
    expect(result.headers?.['retry-after']).toBeUndefined();
  });

  it('Retry-After is set when the provider said when', async () => {
    const { result } = await routeFailingWith(
      new CapabilityUnavailableError('error_translation_failed', {
        cause: providerSaid({ 'retry-after': '7' }),
      }),
    );
    expect(result.headers?.['retry-after']).toBe('7');

    const wrapped = new Error('wrapped', { cause: providerSaid(new Headers({ 'retry-after-ms': '2500' })) });
    const again = await routeFailingWith(
      new CapabilityUnavailableError('error_speech_failed', { cause: wrapped }),
    );
    expect(again.result.headers?.['retry-after']).toBe('3');
  });

  it('every capability has a message key every locale translates', () => {
    for (const key of Object.values(CAPABILITY_UNAVAILABLE_KEYS)) expect(isMessageKey(key), key).toBe(true);
  });

  it('a missing engine is logged as a warning with what to set, wrapped or not', async () => {
    const missing = new EngineUnavailableError('tts', 'Cloud speech needs DEEPGRAM_API_KEY');
    for (const failure of [
      missing,
      new CapabilityUnavailableError('error_speech_failed', { cause: missing }),
    ]) {
      const { lines } = await routeFailingWith(failure);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: 'capability unavailable',
          errorReason: 'Cloud speech needs DEEPGRAM_API_KEY',
        }),
      );
      // The access line ('request', its level by status) is the only error-level line.
      expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['request']);
    }
  });

  it('a 503 is never logged as an unhandled error', async () => {
    const failures = [
      new EngineUnavailableError('billing', 'BILLING_ENGINE=cloud needs STRIPE_SECRET_KEY'),
      new CapabilityUnavailableError('photo_error_translation_failed', { cause: new Error('model down') }),
      new ServiceUnavailableError(),
    ];
    for (const failure of failures) {
      const { result, lines } = await routeFailingWith(failure);
      expect(result.statusCode).toBe(503);
      expect(lines.map((line) => line.message)).not.toContain('unhandled error');
    }
  });
});

describe('HttpError', () => {
  it('defaults are message keys every locale translates', () => {
    const defaults = [
      new BadRequestError(),
      new UnauthorizedError(),
      new ForbiddenError(),
      new NotFoundError(),
      new MethodNotAllowedError(),
      new ConflictError(),
      new PayloadTooLargeError(),
      new ValidationError(),
      new InternalServerError(),
      new NotImplementedError(),
      new ServiceUnavailableError(),
    ];
    for (const error of defaults) expect(isMessageKey(error.message), error.name).toBe(true);
  });
});
