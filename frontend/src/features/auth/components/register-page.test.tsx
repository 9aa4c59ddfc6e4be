// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAILY_LIMIT_KEYS, RATE_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import en from '../../../../../locales/en/translation.json';
import { renderAppAt } from '../../../testing/render-app';

// The register page over the real api client and the app's own toaster, against a stubbed fetch: what a refused
// registration tells the traveller (docs/SPEC.md §8).

const english = (key: string) => (en as Record<string, string>)[key] ?? key;
const PASSWORD = 'Voyage$2025y';
// The first render loads the route's code: allow for a loaded machine.
const SLOW = 30_000;

let registerAnswer: () => Response;
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      new URL(String(input), 'http://localhost').pathname === '/api/auth/register'
        ? registerAnswer()
        : json(404, { error: 'Not found' })(),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submitRegistration() {
  await renderAppAt(['/register']);
  const field = async (testId: string, value: string) =>
    fireEvent.change(await screen.findByTestId(testId, {}, { timeout: 10_000 }), { target: { value } });
  await field('register-email', 'traveller@example.com');
  await field('register-password', PASSWORD);
  await field('register-confirm', PASSWORD);
  await userEvent.click(screen.getByTestId('register-submit'));
}

describe('a refused registration', () => {
  it.each([
    [
      'that no more accounts can be made from this network today',
      DAILY_LIMIT_KEYS.accounts,
    ],
    ['too many attempts for any other 429', RATE_LIMIT_KEYS.auth],
  ])(
    'on a 429 saying so, tells %s',
    async (_, key) => {
      registerAnswer = json(429, { error: key });

      await submitRegistration();

      expect(await screen.findByText(english(key))).toBeVisible();
    },
    SLOW,
  );
});
