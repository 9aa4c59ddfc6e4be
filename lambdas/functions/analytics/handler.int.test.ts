import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsStatsSchema } from '@wayfarer/shared/api/analytics';
import { ADMIN_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { hashAdminPassword } from '../../domain/admin-password';
import { ADMIN_SESSION_COOKIE } from '../../domain/admin-session';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';

const PASSWORD = 'correct horse battery staple';
// A cheap cost: the test checks the flow, not scrypt's strength.
const passwordHash = await hashAdminPassword(PASSWORD, { log2N: 10, r: 8, p: 1 });
const context = makeLambdaContext();
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** The handlers as a fresh import reads them, with the environment overridden first (config reads it once). */
async function analyticsWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const handlers = await import('./handler');
  return {
    verify: (password: unknown, options: { sourceIp?: string; headers?: Record<string, string> } = {}) =>
      handlers.verifyAdminPassword(
        makeApiEvent({
          method: 'POST',
          path: '/api/analytics/verify-admin-password',
          json: { password },
          sourceIp: options.sourceIp ?? freshIp(),
          headers: { Host: 'wayfarer.example', 'X-Forwarded-Proto': 'https', ...options.headers },
        }),
        context,
      ),
    stats: (query: Record<string, string>, cookie?: string) =>
      handlers.stats(
        makeApiEvent({
          path: '/api/analytics/stats',
          query,
          headers: cookie === undefined ? {} : { Cookie: cookie },
        }),
        context,
      ),
  };
}

const cookiesOf = (response: { multiValueHeaders?: Record<string, unknown> }) =>
  (response.multiValueHeaders?.['set-cookie'] ?? []) as string[];
const sessionCookieOf = (setCookie: string) => setCookie.split(';')[0] as string;
const errorOf = (response: { body: string }) => (JSON.parse(response.body) as { error: string }).error;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('POST /api/analytics/verify-admin-password', () => {
  it('sets an HttpOnly, Secure, SameSite=Strict session cookie with an expiry for the right password', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    const response = await api.verify(PASSWORD);

    expect(response.statusCode).toBe(200);
    const [cookie] = cookiesOf(response);
    expect(cookie).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('leaves Secure off only on plain-HTTP localhost', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    const response = await api.verify(PASSWORD, {
      headers: { Host: '127.0.0.1:8787', 'X-Forwarded-Proto': 'http' },
    });

    expect(cookiesOf(response)[0]).not.toContain('Secure');
  });

  it('answers 401 admin_error_invalid_password for a wrong password', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    const response = await api.verify('wrong');

    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toBe(ADMIN_ERROR_KEYS.invalidPassword);
    expect(cookiesOf(response)).toEqual([]);
  });

  it('answers 400 for a blank password', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    expect((await api.verify('   ')).statusCode).toBe(400);
  });

  it('answers 429 to the 6th try after 5 failures from one IP within 15 minutes, the right password included', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    const sourceIp = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await api.verify(`wrong-${attempt}`, { sourceIp })).statusCode).toBe(401);
    }

    expect((await api.verify('wrong-6', { sourceIp })).statusCode).toBe(429);
    expect((await api.verify(PASSWORD, { sourceIp })).statusCode).toBe(429);
    expect((await api.verify(PASSWORD)).statusCode).toBe(200);
  });

  it('answers 404 when no admin password is configured', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: '' });
    const response = await api.verify(PASSWORD);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe(ADMIN_ERROR_KEYS.analyticsUnavailable);
  });
});

describe('GET /api/analytics/stats', () => {
  it('answers the stats shape for 7, 30 and 90 days with the session cookie', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    const cookie = sessionCookieOf(cookiesOf(await api.verify(PASSWORD))[0] as string);

    for (const days of ['7', '30', '90']) {
      const response = await api.stats({ days }, cookie);
      expect(response.statusCode).toBe(200);
      expect(analyticsStatsSchema.parse(JSON.parse(response.body)).period).toBe(Number(days));
    }
    expect(analyticsStatsSchema.parse(JSON.parse((await api.stats({}, cookie)).body)).period).toBe(30);
  });

  it('answers 400 for any other period', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    const cookie = sessionCookieOf(cookiesOf(await api.verify(PASSWORD))[0] as string);

    for (const days of ['14', '0', 'abc', '7.5'])
      expect((await api.stats({ days }, cookie)).statusCode).toBe(400);
  });

  it('answers 401 without a valid session cookie', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: passwordHash });
    expect((await api.stats({ days: '7' })).statusCode).toBe(401);
    expect((await api.stats({ days: '7' }, `${ADMIN_SESSION_COOKIE}=9999999999.forged`)).statusCode).toBe(
      401,
    );
  });

  it('answers 404 when analytics is disabled by configuration', async () => {
    const api = await analyticsWith({ ADMIN_PASSWORD_HASH: '' });
    const response = await api.stats({ days: '7' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe(ADMIN_ERROR_KEYS.analyticsUnavailable);
  });
});
