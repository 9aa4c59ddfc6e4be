// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import { LOCAL_STORAGE_KEYS } from '../lib/ui-constants';
import { SessionContext, signedOutSession, type SessionValue } from '../lib/session-context';
import { createTestI18n } from '../testing/render-app';
import { AppHeader } from './app-header';
import { AppThemeProvider } from './theme-provider';

function signedIn(subscriptionStatus: SubscriptionStatus, logout = vi.fn()): SessionValue {
  return {
    ...signedOutSession,
    status: 'signed-in',
    user: { email: 'ada@example.com', subscriptionStatus },
    logout,
  };
}

// jsdom has no matchMedia; the header reads it to choose between the wide and the compact layout.
function setViewportCompact(compact: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: compact,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

async function renderHeader(session: SessionValue, { compact = false } = {}) {
  setViewportCompact(compact);
  const i18n = await createTestI18n();
  render(
    <SessionContext.Provider value={session}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <MemoryRouter>
            <AppHeader />
          </MemoryRouter>
        </AppThemeProvider>
      </I18nextProvider>
    </SessionContext.Provider>,
  );
  return { i18n };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('header on a wide screen', () => {
  it('shows the title, the home and photo icons and the theme toggle', async () => {
    await renderHeader(signedOutSession);

    const header = screen.getByTestId('app-header');
    expect(within(header).getByRole('link', { name: 'Wayfarer' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('nav-home')).toHaveAccessibleName('Home');
    expect(screen.getByTestId('nav-photo')).toHaveAttribute('href', '/translate-photo');
    expect(screen.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'light');
    expect(screen.queryByTestId('hamburger')).not.toBeInTheDocument();
  });

  it('offers login and register when signed out', async () => {
    await renderHeader(signedOutSession);

    expect(screen.getByTestId('header-login')).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('header-register')).toHaveAttribute('href', '/register');
    expect(screen.queryByTestId('header-subscribe')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it('shows no account buttons while the session is loading', async () => {
    await renderHeader({ ...signedOutSession, status: 'loading' });

    for (const id of ['header-login', 'header-register', 'header-subscribe', 'user-menu'])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });

  it('signed in without a plan: Subscribe, and a menu with the email and Logout but no Manage', async () => {
    const logout = vi.fn();
    await renderHeader(signedIn('NONE', logout));

    expect(screen.getByTestId('header-subscribe')).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByTestId('header-login')).not.toBeInTheDocument();

    const menuButton = screen.getByTestId('user-menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('user-menu-email')).toHaveTextContent('ada@example.com');
    expect(screen.queryByTestId('menu-manage-subscription')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('menu-logout'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('signed in with an ACTIVE plan: no Subscribe, Manage subscription in the menu', async () => {
    await renderHeader(signedIn('ACTIVE'));

    expect(screen.queryByTestId('header-subscribe')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('user-menu'));
    expect(screen.getByTestId('menu-manage-subscription')).toHaveAttribute('href', '/manage-subscription');
  });

  it('signed in with a CANCELED plan: both Subscribe and Manage subscription', async () => {
    await renderHeader(signedIn('CANCELED'));

    expect(screen.getByTestId('header-subscribe')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('user-menu'));
    expect(screen.getByTestId('menu-manage-subscription')).toBeInTheDocument();
  });

  it('shows Manage only for ACTIVE or CANCELED', async () => {
    for (const status of ['PAST_DUE', 'INCOMPLETE', 'TRIALING', 'UNPAID'] as const) {
      await renderHeader(signedIn(status));
      await userEvent.click(screen.getByTestId('user-menu'));
      expect(screen.queryByTestId('menu-manage-subscription'), status).not.toBeInTheDocument();
      expect(screen.getByTestId('header-subscribe'), status).toBeInTheDocument();
      cleanup();
    }
  });

  it('closes the menu on Escape and gives focus back to its button', async () => {
    await renderHeader(signedIn('ACTIVE'));
    const menuButton = screen.getByTestId('user-menu');
    await userEvent.click(menuButton);

    await userEvent.keyboard('{Escape}');

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});

describe('header on a small screen', () => {
  it('puts login and register behind the hamburger', async () => {
    await renderHeader(signedOutSession, { compact: true });

    const hamburger = screen.getByTestId('hamburger');
    expect(screen.getByTestId('header-login')).not.toBeVisible();

    await userEvent.click(hamburger);

    expect(screen.getByTestId('header-login')).toBeVisible();
    expect(screen.getByTestId('header-register')).toBeVisible();
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it('holds the same signed-in items as the wide menu', async () => {
    await renderHeader(signedIn('CANCELED'), { compact: true });

    await userEvent.click(screen.getByTestId('hamburger'));

    expect(screen.getByTestId('header-subscribe')).toBeVisible();
    expect(screen.getByTestId('user-menu-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByTestId('menu-manage-subscription')).toBeVisible();
    expect(screen.getByTestId('menu-logout')).toBeVisible();
  });
});

describe('theme toggle', () => {
  it('cycles light, dark, system and stores each choice', async () => {
    await renderHeader(signedOutSession);
    const toggle = screen.getByTestId('theme-toggle');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-amplify-color-mode', 'dark');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('data-theme', 'system');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.theme)).toBe('light');
  });
});

describe('language switcher', () => {
  it('changes the interface language', async () => {
    const { i18n } = await renderHeader(signedOutSession);
    const select = screen.getByTestId('language-select');
    expect(select).toHaveAccessibleName('Interface language');
    expect(select).toHaveValue('en');

    await userEvent.selectOptions(select, 'fr');

    expect(i18n.language).toBe('fr');
  });
});
