import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS } from '@wayfarer/shared/constants';
import en from '../../../../../locales/en/translation.json';
import { useSession } from '../../../lib/session-context';
import { createTestI18n } from '../../../testing/render-app';
import { SessionProvider } from './session-provider';

// SPEC §4 Auth at load: a stored token fetches the user; 429 toasts and keeps the token; anything else signs out.

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

  it('keeps the token on a 429 and shows the server message', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockResolvedValue(json(429, { error: 'Too many' }));

    await renderProvider();

    expect(await screen.findByText(en.error_rate_limit)).toBeInTheDocument();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).not.toBeNull();
  });

  it('signs out and removes the token when the fetch fails otherwise', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
    fetchMock.mockRejectedValue(new TypeError('network down'));

    await renderProvider();

    expect(await screen.findByText(en.error_fetching_user_on_load)).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
  });

  it('ends an expired stored session quietly', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(-60));

    await renderProvider();

    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
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
