import { describe, expect, it } from 'vitest';
import {
  messageForFailedResponse,
  messageFromError,
  RATE_LIMIT_MESSAGE_KEYS,
  rateLimitClassForPath,
  rateLimitMessageKey,
} from './error-mapping';

const path = '/api/auth/me';
const readable = (status: number, body: unknown, fallbackKey?: string) =>
  messageForFailedResponse({
    status,
    body,
    bodyReadable: true,
    path,
    ...(fallbackKey ? { fallbackKey } : {}),
  });
const unreadable = (status: number, fallbackKey?: string) =>
  messageForFailedResponse({ status, bodyReadable: false, path, ...(fallbackKey ? { fallbackKey } : {}) });

describe('messageForFailedResponse', () => {
  it('401: uses the server error text', () => {
    expect(readable(401, { error: 'Token expired' })).toBe('Token expired');
  });

  it('401: falls back to error_unauthorized, also for an unreadable body', () => {
    expect(readable(401, {})).toBe('error_unauthorized');
    expect(unreadable(401, 'error_login_failed')).toBe('error_unauthorized');
  });

  it('403: uses the server error text, else error_forbidden', () => {
    expect(readable(403, { error: 'Subscription required' })).toBe('Subscription required');
    expect(readable(403, { message: 'ignored' })).toBe('error_forbidden');
    expect(unreadable(403)).toBe('error_forbidden');
  });

  it('409: uses the server error text, else error_conflict, with a readable body', () => {
    expect(readable(409, { error: 'Email already registered' })).toBe('Email already registered');
    expect(readable(409, null)).toBe('error_conflict');
  });

  it('409: with an unreadable body follows the general rule', () => {
    expect(unreadable(409, 'error_registration_failed')).toBe('error_registration_failed');
    expect(unreadable(409)).toBe('error_server');
  });

  it('422: uses the server error text, else error_validation, with a readable body', () => {
    expect(readable(422, { error: 'Invalid email' })).toBe('Invalid email');
    expect(readable(422, { error: '' })).toBe('error_validation');
  });

  it('422: with an unreadable body follows the general rule', () => {
    expect(unreadable(422, 'error_login_failed')).toBe('error_login_failed');
  });

  it('500: always error_server', () => {
    expect(readable(500, { error: 'stack trace here' }, 'error_login_failed')).toBe('error_server');
    expect(unreadable(500, 'error_login_failed')).toBe('error_server');
  });

  it('other statuses: server error text first, then server message text', () => {
    expect(readable(400, { error: 'Bad thing', message: 'other' })).toBe('Bad thing');
    expect(readable(404, { message: 'No subscription' })).toBe('No subscription');
  });

  it('other statuses: then the caller default, then error_server', () => {
    expect(readable(400, {}, 'error_login_failed')).toBe('error_login_failed');
    expect(unreadable(502, 'error_login_failed')).toBe('error_login_failed');
    expect(readable(400, ['not', 'an', 'object'])).toBe('error_server');
    expect(unreadable(503)).toBe('error_server');
  });

  it('ignores a body that was not readable even if one is passed', () => {
    expect(messageForFailedResponse({ status: 400, body: { error: 'x' }, bodyReadable: false, path })).toBe(
      'error_server',
    );
  });

  it('429: picks the key by request path, whatever the body says', () => {
    const tooMany = (requestPath: string) =>
      messageForFailedResponse({
        status: 429,
        body: { error: 'slow down' },
        bodyReadable: true,
        path: requestPath,
      });
    expect(tooMany('/api/auth/login')).toBe('error_rate_limit_auth');
    expect(tooMany('/api/auth/register')).toBe('error_rate_limit_auth');
    expect(tooMany('/api/auth/forgot-password')).toBe('error_rate_limit_password_reset');
    expect(tooMany('/api/auth/reset-password')).toBe('error_rate_limit_password_reset');
    expect(tooMany('/api/speech/ticket')).toBe('error_rate_limit');
    expect(tooMany('/api/translate')).toBe('error_rate_limit_expensive');
    expect(tooMany('/api/tts/deepgram')).toBe('error_rate_limit_expensive');
    expect(tooMany('/api/vision/translate-image')).toBe('error_rate_limit_expensive');
    expect(tooMany('/api/stripe/create-checkout-session')).toBe('error_rate_limit_stripe');
    expect(tooMany('/api/auth/me')).toBe('error_rate_limit');
  });

  it("429 from a daily ceiling: the ceiling's own key, shown as the limit it is, not the route's rate limit", () => {
    const refused = (requestPath: string, error: string, bodyReadable = true) =>
      messageForFailedResponse({ status: 429, body: { error }, bodyReadable, path: requestPath });
    expect(refused('/api/translate', 'error_daily_text_limit')).toBe('error_daily_text_limit');
    expect(refused('/api/tts/openai', 'error_daily_text_limit')).toBe('error_daily_text_limit');
    expect(refused('/api/vision/translate-image', 'error_daily_photo_limit')).toBe('error_daily_photo_limit');
    // Any other body, or none readable, is the route's rate limit as before.
    expect(refused('/api/translate', 'error_usage_limit_reached')).toBe('error_rate_limit_expensive');
    expect(refused('/api/translate', 'error_daily_text_limit', false)).toBe('error_rate_limit_expensive');
  });
});

describe('rateLimitClassForPath', () => {
  it('ignores the origin and the query string', () => {
    expect(rateLimitClassForPath('https://api.example.com/api/auth/login?next=%2F')).toBe('auth');
    expect(rateLimitClassForPath('/api/analytics/stats?days=30')).toBe('default');
  });

  it('matches path parameters', () => {
    expect(rateLimitClassForPath('/api/tts/openai')).toBe('expensive');
  });

  it('puts unknown paths in the default class', () => {
    expect(rateLimitClassForPath('/api/nope')).toBe('default');
    expect(rateLimitClassForPath('/locales/en/common.json')).toBe('default');
  });
});

describe('rateLimitMessageKey', () => {
  it('gives each rate-limit class its own key, but analysis and speech, which say the general one (docs/SPEC.md §8)', () => {
    const { analysis, speech, ...others } = RATE_LIMIT_MESSAGE_KEYS;
    const keys = Object.values(others);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rateLimitMessageKey('default')).toBe('error_rate_limit');
    expect(analysis).toBe('error_rate_limit');
    expect(speech).toBe('error_rate_limit');
  });

  it('never says the allowance is spent for a refusal of the speech class: that opens the limit dialog', () => {
    expect(rateLimitMessageKey('speech')).not.toBe('error_usage_limit_reached');
  });
});

describe('messageFromError', () => {
  it("returns the error's message", () => {
    expect(messageFromError(new Error('Network down'))).toBe('Network down');
    expect(messageFromError({ message: 'from a plain object' })).toBe('from a plain object');
  });

  it('returns a thrown string itself', () => {
    expect(messageFromError('plain failure')).toBe('plain failure');
  });

  it('otherwise returns UNKNOWN_ERROR_TEXT (for the log)', () => {
    expect(messageFromError(undefined)).toBe('An unknown error occurred');
    expect(messageFromError(42)).toBe('An unknown error occurred');
    expect(messageFromError(new Error(''))).toBe('An unknown error occurred');
  });
});
