import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS, TOKEN_REFRESH_THRESHOLD_SECONDS } from '@wayfarer/shared/constants';
import { LITERAL_MESSAGES } from '@wayfarer/shared/domain/error-keys';
import { ApiError, apiRequest, onSessionChange, storedToken, type SessionChange } from './api-client';

// The fetch wrapper against a stubbed fetch: which token it sends, when it refreshes, how failures read.

function tokenExpiringIn(seconds: number, label = 'a'): string {
  const payload = btoa(JSON.stringify({ sub: label, exp: Math.floor(Date.now() / 1000) + seconds }))
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

const sentAuthorization = (call: number) =>
  (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.authorization;

describe('apiRequest', () => {
  it('sends the stored token as a bearer token and returns the JSON answer', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    fetchMock.mockResolvedValueOnce(json(200, { email: 'a@example.com' }));

    const answer = await apiRequest('/api/auth/me', { auth: 'required' });

    expect(answer).toEqual({ email: 'a@example.com' });
    expect(sentAuthorization(0)).toBe(`Bearer ${token}`);
  });

  it("refuses a call that requires a token when there is none, with SPEC §8's message", async () => {
    await expect(apiRequest('/api/auth/me', { auth: 'required' })).rejects.toEqual(
      new ApiError(401, LITERAL_MESSAGES.noAuthToken),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes first when the token expires within the threshold, and uses the new one', async () => {
    const old = tokenExpiringIn(TOKEN_REFRESH_THRESHOLD_SECONDS - 5, 'old');
    const fresh = tokenExpiringIn(3600, 'fresh');
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, old);
    const user = { email: 'a@example.com', subscriptionStatus: 'NONE' };
    fetchMock.mockResolvedValueOnce(json(200, { token: fresh, user })).mockResolvedValueOnce(json(200, user));

    await apiRequest('/api/auth/me', { auth: 'required' });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    expect(sentAuthorization(0)).toBe(`Bearer ${old}`);
    expect(sentAuthorization(1)).toBe(`Bearer ${fresh}`);
    expect(storedToken()).toBe(fresh);
    expect(changes).toEqual([{ kind: 'refreshed', session: { token: fresh, user } }]);
  });

  it('ends the session when the refresh fails', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(10));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'error_unauthorized' }));

    await expect(apiRequest('/api/auth/me', { auth: 'required' })).rejects.toEqual(
      new ApiError(401, LITERAL_MESSAGES.authenticationFailed),
    );
    expect(storedToken()).toBeNull();
    expect(changes).toEqual([{ kind: 'ended' }]);
  });

  it("ends the session on a 401 to a call that carried a token: 'Authentication failed'", async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'error_unauthorized' }));

    await expect(apiRequest('/api/stripe/subscription', { auth: 'required' })).rejects.toEqual(
      new ApiError(401, LITERAL_MESSAGES.authenticationFailed),
    );
    expect(storedToken()).toBeNull();
    expect(changes).toEqual([{ kind: 'ended' }]);
  });

  it("shows a 401 without a token as the server's text (a failed login)", async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'error_login_failed' }));

    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {}, auth: 'none' })).rejects.toEqual(
      new ApiError(401, 'error_login_failed'),
    );
    expect(changes).toEqual([]);
  });

  it.each([
    ['/api/auth/login', 'error_rate_limit_auth'],
    ['/api/auth/register', 'error_rate_limit_auth'],
    ['/api/auth/forgot-password', 'error_rate_limit_password_reset'],
    ['/api/auth/reset-password', 'error_rate_limit_password_reset'],
  ])('maps a 429 from %s to %s', async (path, key) => {
    fetchMock.mockResolvedValueOnce(json(429, { error: 'slow down' }));

    await expect(apiRequest(path, { method: 'POST', body: {}, auth: 'none' })).rejects.toEqual(
      new ApiError(429, key),
    );
  });

  it('uses the caller default when the server gives no text, and error_server for a 500', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    fetchMock.mockResolvedValueOnce(json(500, { error: 'stack trace here' }));

    await expect(
      apiRequest('/api/auth/forgot-password', {
        method: 'POST',
        body: {},
        fallbackKey: 'error_pass_reset_failed',
      }),
    ).rejects.toEqual(new ApiError(502, 'error_pass_reset_failed'));
    await expect(apiRequest('/api/auth/forgot-password', { method: 'POST', body: {} })).rejects.toEqual(
      new ApiError(500, 'error_server'),
    );
  });
});
