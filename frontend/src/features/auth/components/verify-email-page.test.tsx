// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import en from '../../../../../locales/en/translation.json';
import { renderAppAt } from '../../../testing/render-app';

const english = (key: string) => (en as Record<string, string>)[key] ?? key;

// The first render loads the route's code: allow for a loaded machine.
const SLOW = 30_000;

describe('/verify-email (docs/SPEC.md §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a link cut short shows the invalid-link message and sends nothing', async () => {
    const fetched = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetched);
    await renderAppAt(['/verify-email?token=nope']);

    const failed = await screen.findByTestId('verify-email-failed', {}, { timeout: 10_000 });
    expect(failed.textContent).toBe(english(ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken));
    expect(fetched.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('verify-email'))).toEqual(
      [],
    );
  }, SLOW);
});
