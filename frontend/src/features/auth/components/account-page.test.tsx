// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { PAGES } from '@wayfarer/shared/api/pages';
import en from '../../../../../locales/en/translation.json';
import { LOCAL_STORAGE_KEYS } from '../../../lib/ui-constants';
import { renderAppAt } from '../../../testing/render-app';

const english = (key: string) => (en as Record<string, string>)[key] ?? key;

// The first render loads the route's code: allow for a loaded machine.
const SLOW = 30_000;

function token(expiresInSeconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u', exp: Math.floor(Date.now() / 1000) + expiresInSeconds }));
  return `h.${payload.replace(/=+$/, '')}.s`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = { email: 'a@example.com', subscriptionStatus: 'NONE', emailVerified: true };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token(3600));
});

afterEach(() => vi.unstubAllGlobals());

describe('/account password dialogs (docs/SPEC.md §2)', () => {
  for (const name of ['export', 'delete'] as const) {
    it(
      `the ${name} dialog says a refused password inside itself, above its backdrop, and stays open`,
      async () => {
        vi.stubGlobal(
          'fetch',
          vi.fn<typeof fetch>(async (input) =>
            String(input).includes('/api/auth/me')
              ? json(200, user)
              : json(403, { error: ACCOUNT_ERROR_KEYS.wrongPassword }),
          ),
        );
        await renderAppAt([PAGES.account]);

        fireEvent.click(await screen.findByTestId(`account-${name}`, {}, { timeout: 20_000 }));
        const dialog = await screen.findByTestId(`account-${name}-dialog`);
        fireEvent.change(within(dialog).getByTestId(`account-${name}-password`), {
          target: { value: 'not-my-password-1' },
        });
        fireEvent.click(within(dialog).getByTestId(`account-${name}-confirm`));

        const error = await within(dialog).findByTestId(`account-${name}-error`);
        expect(error.textContent).toBe(english(ACCOUNT_ERROR_KEYS.wrongPassword));
        expect(error.getAttribute('role')).toBe('alert');
        await waitFor(() => expect(screen.getByTestId(`account-${name}-dialog`)).toBeInTheDocument());
      },
      SLOW,
    );
  }
});
