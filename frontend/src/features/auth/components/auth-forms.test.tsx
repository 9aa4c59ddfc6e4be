// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FORM_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import en from '../../../../../locales/en/translation.json';
import { renderAppAt } from '../../../testing/render-app';

// The validation messages of docs/SPEC.md §5 on their fields, as the English screen shows them (each field's
// errors carry `data-field`, docs/TESTIDS.md). Nothing here reaches the server: every case fails in the form.
// Field messages are rendering, not browser behaviour, so jsdom proves them (docs/E2E.md's table lists what moved here).

const english = (key: string) => (en as Record<string, string>)[key] ?? key;
const NEW_PASSWORD = 'Voyage$2025y';

const fieldErrors = (field: string) =>
  screen
    .queryAllByTestId('field-error')
    .filter((element) => element.dataset.field === field)
    .map((element) => element.textContent);

const PASSWORD_RULES: [string, string][] = [
  ['Ab1!', FORM_ERROR_KEYS.passwordMinLength],
  ['ABCDEF1!', FORM_ERROR_KEYS.passwordLowercase],
  ['abcdef1!', FORM_ERROR_KEYS.passwordUppercase],
  ['Abcdefg!', FORM_ERROR_KEYS.passwordNumber],
  ['Abcdefg1', FORM_ERROR_KEYS.passwordSpecial],
];

/** Puts `text` in the field at once (a change event, as typing ends in one). */
async function typeInto(testId: string, text: string) {
  const field = await screen.findByTestId(testId, {}, { timeout: 10_000 });
  fireEvent.change(field, { target: { value: text } });
}

// The first render loads the route's code: allow for a loaded machine.
const SLOW = 30_000;

describe('validation messages on their fields', () => {
  it('login: an invalid email and a missing password', async () => {
    await renderAppAt(['/login']);
    await typeInto('login-email', 'not-an-email');
    await userEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(fieldErrors('email')).toEqual([english(FORM_ERROR_KEYS.invalidEmail)]));
    expect(fieldErrors('password')).toEqual([english(FORM_ERROR_KEYS.passwordRequired)]);
  }, SLOW);

  it('register: the email, each password rule alone, and the confirmation', async () => {
    await renderAppAt(['/register']);
    await typeInto('register-email', 'traveller@');
    await userEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(fieldErrors('email')).toEqual([english(FORM_ERROR_KEYS.invalidEmail)]));

    for (const [password, key] of PASSWORD_RULES) {
      await typeInto('register-password', password);
      await waitFor(() => expect(fieldErrors('password')).toEqual([english(key)]));
    }

    await typeInto('register-password', NEW_PASSWORD);
    await typeInto('register-confirm', `${NEW_PASSWORD}x`);
    await waitFor(() =>
      expect(fieldErrors('confirmPassword')).toEqual([english(FORM_ERROR_KEYS.passwordsDoNotMatch)]),
    );
    expect(fieldErrors('password')).toEqual([]);
    await typeInto('register-confirm', NEW_PASSWORD);
    await waitFor(() => expect(fieldErrors('confirmPassword')).toEqual([]));
  }, SLOW);

  it('forgot password: an invalid email', async () => {
    await renderAppAt(['/forgot-password']);
    await userEvent.click(await screen.findByTestId('forgot-submit', {}, { timeout: 10_000 }));

    await waitFor(() => expect(fieldErrors('email')).toEqual([english(FORM_ERROR_KEYS.invalidEmail)]));
  }, SLOW);

  it('reset password: every rule at once, each alone, the confirmation; without a token, the invalid-token message', async () => {
    const { unmount } = await renderAppAt(['/reset-password?token=some-token-from-a-mail']);
    await userEvent.click(await screen.findByTestId('reset-submit', {}, { timeout: 10_000 }));
    await waitFor(() =>
      expect(fieldErrors('password')).toEqual(PASSWORD_RULES.map(([, key]) => english(key))),
    );

    for (const [password, key] of PASSWORD_RULES) {
      await typeInto('reset-password', password);
      await waitFor(() => expect(fieldErrors('password')).toEqual([english(key)]));
    }
    await typeInto('reset-password', NEW_PASSWORD);
    await typeInto('reset-confirm', 'different');
    await waitFor(() =>
      expect(fieldErrors('confirmPassword')).toEqual([english(FORM_ERROR_KEYS.passwordsDoNotMatch)]),
    );
    unmount();

    await renderAppAt(['/reset-password']);
    expect(await screen.findByTestId('reset-invalid-token', {}, { timeout: 10_000 })).toHaveTextContent(
      english('invalid_token_message'),
    );
    expect(screen.queryByTestId('reset-submit')).not.toBeInTheDocument();
  }, SLOW);
});

it('the password visibility toggle shows and hides the password', async () => {
  await renderAppAt(['/login']);
  const password = await screen.findByTestId('login-password', {}, { timeout: 10_000 });
  expect(password).toHaveAttribute('type', 'password');

  await userEvent.click(screen.getByTestId('password-visibility'));
  expect(password).toHaveAttribute('type', 'text');
  await userEvent.click(screen.getByTestId('password-visibility'));
  expect(password).toHaveAttribute('type', 'password');
}, SLOW);
