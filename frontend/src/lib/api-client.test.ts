// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS, TOKEN_REFRESH_THRESHOLD_SECONDS } from './ui-constants';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import {
  ApiError,
  callRoute,
  endServerSession,
  lastFailedRequestId,
  liveStoredToken,
  msUntilRefreshDue,
  onSessionChange,
  storedToken,
  streamRoute,
  type SessionChange,
} from './api-client';

// The fetch wrapper against a stubbed fetch: which token it sends, when it refreshes, how failures read.

function tokenExpiringIn(seconds: number, label = 'a', lifeSeconds?: number): string {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const issued = lifeSeconds === undefined ? {} : { iat: exp - lifeSeconds };
  const payload = btoa(JSON.stringify({ sub: label, exp, ...issued }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();
let changes: SessionChange[] = [];
let stopListening: () => void;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  changes = [];
  stopListening = onSessionChange((change) => changes.push(change));
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

const email = 'a@example.com';
const password = 'Passw0rd!';
const credentials = { email, password };

const sentAuthorization = (call: number) =>
  (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.authorization;

describe('callRoute', () => {
  it('sends the stored token as a bearer token and returns the JSON answer', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    fetchMock.mockResolvedValueOnce(json(200, { email: 'a@example.com' }));

    const answer = await callRoute('auth.me');

    expect(answer).toEqual({ email: 'a@example.com' });
    expect(sentAuthorization(0)).toBe(`Bearer ${token}`);
  });

  it("refuses a call that requires a token when there is none, with docs/SPEC.md §8's error_not_logged_in", async () => {
    await expect(callRoute('auth.me')).rejects.toEqual(new ApiError(401, ACCOUNT_ERROR_KEYS.notLoggedIn));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not refresh a short-lived token before half its life', async () => {
    const token = tokenExpiringIn(200, 'short', 300);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    fetchMock.mockResolvedValueOnce(json(200, { email }));

    await callRoute('auth.me');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentAuthorization(0)).toBe(`Bearer ${token}`);
  });

  it('refreshes first when the token expires within the threshold, and uses the new one', async () => {
    const old = tokenExpiringIn(TOKEN_REFRESH_THRESHOLD_SECONDS - 5, 'old');
    const fresh = tokenExpiringIn(3600, 'fresh');
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, old);
    const user = { email: 'a@example.com', subscriptionStatus: 'NONE' };
    fetchMock.mockResolvedValueOnce(json(200, { token: fresh, user })).mockResolvedValueOnce(json(200, user));

    await callRoute('auth.me');

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    expect(sentAuthorization(0)).toBe(`Bearer ${old}`);
    expect(sentAuthorization(1)).toBe(`Bearer ${fresh}`);
    expect(storedToken()).toBe(fresh);
    expect(changes).toEqual([{ kind: 'refreshed', session: { token: fresh, user } }]);
  });

  it('ends the session when the refresh fails', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(10));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'error_unauthorized' }));

    await expect(callRoute('auth.me')).rejects.toEqual(new ApiError(401, ACCOUNT_ERROR_KEYS.sessionExpired));
    expect(storedToken()).toBeNull();
    expect(changes).toEqual([{ kind: 'ended' }]);
  });

  it('a refresh that cannot reach the server fails the call and keeps the session and its token', async () => {
    const token = tokenExpiringIn(10);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));

    await expect(callRoute('auth.me')).rejects.toMatchObject({ status: 0 });
    expect(storedToken()).toBe(token);
    expect(changes).toEqual([]);
  });

  it('a refresh answered 503 or 429 keeps the session; the next call refreshes again', async () => {
    const token = tokenExpiringIn(10);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    fetchMock.mockResolvedValueOnce(json(503, { error: 'error_service_unavailable' }));
    await expect(callRoute('auth.me')).rejects.toMatchObject({ status: 503 });
    fetchMock.mockResolvedValueOnce(json(429, { error: 'error_rate_limit' }));
    await expect(callRoute('auth.me')).rejects.toMatchObject({ status: 429 });
    expect(storedToken()).toBe(token);
    expect(changes).toEqual([]);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/auth/refresh',
      '/api/auth/refresh',
    ]);
  });

  it('ends the session on a 401 to a call that carried a token: error_session_expired', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'error_unauthorized' }));

    await expect(callRoute('billing.subscription')).rejects.toEqual(
      new ApiError(401, ACCOUNT_ERROR_KEYS.sessionExpired),
    );
    expect(storedToken()).toBeNull();
    expect(changes).toEqual([{ kind: 'ended' }]);
  });

  it("shows a 401 without a token as the server's text (a failed login)", async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'error_login_failed' }));

    await expect(callRoute('auth.login', { body: credentials })).rejects.toEqual(
      new ApiError(401, 'error_login_failed'),
    );
    expect(changes).toEqual([]);
  });

  it.each([
    ['/api/auth/login', 'error_rate_limit_auth', () => callRoute('auth.login', { body: credentials })],
    [
      '/api/auth/register',
      'error_rate_limit_auth',
      () => callRoute('auth.register', { body: { email, password, confirmPassword: password } }),
    ],
    [
      '/api/auth/forgot-password',
      'error_rate_limit_password_reset',
      () => callRoute('auth.forgotPassword', { body: { email } }),
    ],
    [
      '/api/auth/reset-password',
      'error_rate_limit_password_reset',
      () => callRoute('auth.resetPassword', { body: { token: 't', password } }),
    ],
  ])('maps a 429 from %s to %s', async (path, key, call) => {
    fetchMock.mockResolvedValueOnce(json(429, { error: 'slow down' }));

    await expect(call()).rejects.toEqual(new ApiError(429, key));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(path);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('uses the caller default when the server gives no text, and error_server for a 500', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    fetchMock.mockResolvedValueOnce(json(500, { error: 'stack trace here' }));

    await expect(
      callRoute('auth.forgotPassword', { body: { email }, fallbackKey: 'error_pass_reset_failed' }),
    ).rejects.toEqual(new ApiError(502, 'error_pass_reset_failed'));
    await expect(callRoute('auth.forgotPassword', { body: { email } })).rejects.toEqual(
      new ApiError(500, 'error_server'),
    );
  });
});

describe('the request id of a failed call', () => {
  it('is kept, carried by the error and logged with the route and status only: no URL, body or server text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      fetchMock.mockResolvedValueOnce(
        new Response(JSON.stringify({ error: `no account for ${email}` }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-500' },
        }),
      );
      const error = await callRoute('auth.forgotPassword', { body: { email } }).catch(
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).requestId).toBe('req-500');
      expect(lastFailedRequestId()).toBe('req-500');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        'API call auth.forgotPassword failed:',
        { status: 500, requestId: 'req-500' },
      ]);
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).not.toContain(email);
      expect(logged).not.toContain('/api/');

      // A success leaves the last failure's id; the next failure replaces it, streamed routes included.
      fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
      fetchMock.mockResolvedValueOnce(
        new Response('busy', { status: 503, headers: { 'x-request-id': 'req-503' } }),
      );
      await callRoute('auth.forgotPassword', { body: { email } });
      expect(lastFailedRequestId()).toBe('req-500');
      await expect(
        streamRoute('translate.stream', { body: { messages: [], outputLanguage: 'fr' } }),
      ).rejects.toBeInstanceOf(ApiError);
      expect(lastFailedRequestId()).toBe('req-503');
      expect(warn.mock.calls[1]).toEqual([
        'API call translate.stream failed:',
        { status: 503, requestId: 'req-503' },
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('is none when the answer carries none (an error page in front of the API): logged as none, the last one kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      fetchMock.mockResolvedValueOnce(new Response('gateway', { status: 502 }));
      const error = await callRoute('auth.forgotPassword', { body: { email } }).catch(
        (failure: unknown) => failure,
      );
      expect((error as ApiError).requestId).toBeUndefined();
      expect(warn.mock.calls[0]?.[1]).toEqual({ status: 502, requestId: 'none' });
      expect(lastFailedRequestId()).toBe('req-503');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('callRoute reads the route table', () => {
  it('fills path parameters and the query string, and sends the admin cookie where the route wants it', async () => {
    fetchMock.mockResolvedValue(json(200, {}));

    await streamRoute('tts.speak', {
      pathParameters: { provider: 'openai' },
      body: { text: 'hola', language: 'es', gender: 'female' },
    });
    await callRoute('analytics.stats', { query: { days: 7 } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tts/openai');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/analytics/stats?days=7');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('GET');
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe('include');
  });

  it('sends no token on a route that takes none, even when signed in', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    fetchMock.mockResolvedValueOnce(json(200, { token: 't', user: {} }));

    await callRoute('auth.login', { body: credentials });

    expect(sentAuthorization(0)).toBeUndefined();
  });

  it('streamRoute resolves the response itself and maps a failure like any call', async () => {
    fetchMock.mockResolvedValueOnce(new Response('0:"hola"\n')).mockResolvedValueOnce(json(429, {}));
    const call = () =>
      streamRoute('translate.stream', {
        body: { messages: [{ role: 'user', content: 'hello' }], outputLanguage: 'es' },
      });

    expect(await (await call()).text()).toBe('0:"hola"\n');
    await expect(call()).rejects.toEqual(new ApiError(429, 'error_rate_limit_expensive'));
  });

  it("maps a daily ceiling's 429 to its own key", async () => {
    fetchMock.mockResolvedValueOnce(json(429, { error: 'error_daily_text_limit' }));
    await expect(
      streamRoute('translate.stream', {
        body: { messages: [{ role: 'user', content: 'hello' }], outputLanguage: 'es' },
      }),
    ).rejects.toEqual(new ApiError(429, 'error_daily_text_limit'));
  });
});

describe('a background call', () => {
  const track = () => callRoute('analytics.track', { body: { page: '/' }, background: true });

  it('sends a live token but neither refreshes one that is due nor ends the session on a 401', async () => {
    const due = tokenExpiringIn(TOKEN_REFRESH_THRESHOLD_SECONDS - 5);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, due);
    fetchMock.mockResolvedValueOnce(json(401, {}));

    await expect(track()).rejects.toBeInstanceOf(ApiError);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentAuthorization(0)).toBe(`Bearer ${due}`);
    expect(storedToken()).toBe(due);
    expect(changes).toEqual([]);
  });

  it('leaves an expired token out, and in storage', async () => {
    const expired = tokenExpiringIn(-60);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, expired);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));

    await track();

    expect(sentAuthorization(0)).toBeUndefined();
    expect(storedToken()).toBe(expired);
  });
});

describe('token expiry', () => {
  it('a live token is one that has not expired', () => {
    expect(liveStoredToken()).toBeNull();
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(-1));
    expect(liveStoredToken()).toBeNull();
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, 'not-a-jwt');
    expect(liveStoredToken()).toBeNull();
    const live = tokenExpiringIn(60);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, live);
    expect(liveStoredToken()).toBe(live);
  });

  it('the refresh falls due the threshold before expiry, and at once for an expired token', () => {
    expect(msUntilRefreshDue()).toBeUndefined();
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(TOKEN_REFRESH_THRESHOLD_SECONDS + 60));
    expect(msUntilRefreshDue()).toBeGreaterThan(58_000);
    expect(msUntilRefreshDue()).toBeLessThanOrEqual(60_000);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(-60));
    expect(msUntilRefreshDue()).toBeLessThan(0);
  });

  it('a token that lives less than twice the threshold falls due at half its life, not at once', () => {
    // Cognito's shortest access token lives 5 minutes: due at once, it would be refreshed on every call.
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(200, 'short', 300));
    expect(msUntilRefreshDue()).toBeGreaterThan(48_000);
    expect(msUntilRefreshDue()).toBeLessThanOrEqual(50_000);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(100, 'short', 300));
    expect(msUntilRefreshDue()).toBeLessThan(0);
  });
});

describe('endServerSession', () => {
  it('Logout asks the server to revoke the session: POST /api/auth/logout with the token, even an expired one', () => {
    const token = tokenExpiringIn(-60);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));

    endServerSession();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(sentAuthorization(0)).toBe(`Bearer ${token}`);
  });

  it('sends nothing when nobody is signed in', () => {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.authToken);
    endServerSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
