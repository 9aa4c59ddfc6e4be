// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS } from '../../../lib/ui-constants';
import en from '../../../../../locales/en/translation.json';
import { useSession } from '../../../lib/session-context';
import { createTestI18n } from '../../../testing/render-app';
import { SessionProvider } from './session-provider';

// docs/SPEC.md §4 Auth at load: a stored token fetches the user (refreshed first if it looks expired); 429 shows the
// server's message and keeps the session; anything else signs out. Forced logouts go to /, as Logout does.

function token(expiresInSeconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u', exp: Math.floor(Date.now() / 1000) + expiresInSeconds }));
  return `h.${payload.replace(/=+$/, '')}.s`;
}

function Probe() {
  const session = useSession();
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="email">{session.user?.email ?? ''}</p>
      <button type="button" onClick={session.logout}>
        logout
      </button>
    </div>
  );
}

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function renderProvider(onLogout = vi.fn()) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <SessionProvider onLogout={onLogout}>
        <Probe />
      </SessionProvider>
      <Toaster />
    </I18nextProvider>,
  );
  return { onLogout };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  // Sonner keeps its toasts in module state: one test's toast must not satisfy the next test's assertion.
  toast.dismiss();
});

afterEach(() => vi.unstubAllGlobals());

describe('SessionProvider', () => {
  it('is signed out without a stored token and fetches nothing', async () => {
    await renderProvider();

    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the user for a stored token and signs in', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(200, { email: 'a@example.com', subscriptionStatus: 'NONE' }));

    await renderProvider();

    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(screen.getByTestId('email')).toHaveTextContent('a@example.com');
  });

  it('a 429 at load shows the rate-limit message, never the server’s own text, and keeps the session signed in', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(429, { error: 'Too many account lookups, slow down' }));

    await renderProvider();

    expect(await screen.findByText(en.error_rate_limit)).toBeInTheDocument();
    expect(screen.queryByText('Too many account lookups, slow down')).toBeNull();
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).not.toBeNull();
  });

  it('a 401 at load shows error_fetching_user_on_load, translated, and signs out', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(401, {}));

    await renderProvider();

    expect(await screen.findByText(en.error_fetching_user_on_load)).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
  });

  it('signs out and removes the token when the server refuses the fetch otherwise', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(403, {}));

    await renderProvider();

    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
  });

  it('with no network at load the traveller stays signed in, token kept, and no toast: the app opens offline', async () => {
    const stored = token(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, stored);
    fetchMock.mockRejectedValue(new TypeError('network down'));

    await renderProvider();

    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBe(stored);
    expect(screen.queryByText(en.error_fetching_user_on_load)).toBeNull();
  });

  it('a server error at load keeps the session signed in and says so', async () => {
    const stored = token(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, stored);
    fetchMock.mockResolvedValue(json(503, { error: 'error_service_unavailable' }));

    await renderProvider();

    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBe(stored);
  });

  it('an expired token whose refresh cannot reach the server keeps the session: the refresh is tried again later', async () => {
    const stored = token(-60);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, stored);
    fetchMock.mockRejectedValue(new TypeError('network down'));

    await renderProvider();

    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBe(stored);
  });

  it('a stored token that looks expired is refreshed first, then the user is fetched', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(-60));
    const fresh = token(3600);
    const user = { email: 'a@example.com', subscriptionStatus: 'NONE' };
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh' ? json(200, { token: fresh, user }) : json(200, user),
    );

    await renderProvider();

    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/auth/refresh',
      '/api/auth/me',
    ]);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBe(fresh);
  });

  it('a stored token that looks expired and cannot be refreshed signs out, saying so', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(-60));
    fetchMock.mockResolvedValue(json(401, {}));

    await renderProvider();

    expect(await screen.findByText(en.error_fetching_user_on_load)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
  });

  it('a failed refresh is a forced logout: it goes to /, as the Logout button does', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(60));
    fetchMock.mockResolvedValue(json(401, {}));

    const { onLogout } = await renderProvider();

    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
  });

  it('a 401 after refresh is a forced logout: it goes to /', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(401, {}));

    const { onLogout } = await renderProvider();

    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce());
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
  });

  it('logout clears the token and hands over to go home', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(200, { email: 'a@example.com', subscriptionStatus: 'NONE' }));
    const { onLogout } = await renderProvider();
    await screen.findByText('signed-in');

    act(() => screen.getByText('logout').click());

    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
