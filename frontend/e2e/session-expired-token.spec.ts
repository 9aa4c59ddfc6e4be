import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { THIRD_SERVER, thirdServerURL } from './support/second-server';

// docs/SPEC.md §6 and §7: a traveller who comes back after the access token has expired is still signed in while
// the refresh token lives. The token expires for real: the suite's third local cloud has cognito-local issue access
// tokens that live ACCESS_TOKEN_SECONDS (LOCAL_ACCESS_TOKEN_SECONDS), so the server, not only the page, sees an
// expired token on the refresh. Waiting an hour is not a test; waiting a quarter of a minute is.

const expect = baseExpect.configure({ timeout: 15_000 });
const ACCESS_TOKEN_SECONDS = THIRD_SERVER.accessTokenSeconds;
const PASSWORD = 'Travel!2024x';

test.describe.configure({ timeout: 180_000 });

/** The `exp` claim of a JWT, in epoch seconds. */
function expiryOf(token: string): number {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number }).exp;
}

const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.authToken);

async function expectSignedInAs(page: Page, email: string): Promise<void> {
  const hamburger = page.getByTestId('hamburger');
  await ((await hamburger.isVisible()) ? hamburger : page.getByTestId('user-menu')).click();
  await expect(page.getByTestId('user-menu-email')).toContainText(email);
}

test('a traveller back after the access token expired is still signed in, and the calls work', async ({
  page,
}) => {
  const baseURL = thirdServerURL();
  // A page of the app's origin that runs none of its code: where the test reads and writes the stored token
  // while the app is closed, as a traveller's closed tab leaves it.
  const awayPage = `${baseURL}/locales/en/translation.json`;

  const email = `e2e-expired-${Date.now().toString(36)}@example.com`;
  const registered = await page.request.post(`${baseURL}/api/auth/register`, {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(200);
  const { token: first } = (await registered.json()) as { token: string };
  expect(expiryOf(first) - Date.now() / 1000).toBeLessThanOrEqual(ACCESS_TOKEN_SECONDS);

  // Signed in (the register call is the app's own), then away: the tab closed with the token in storage, until
  // the token has expired. The app is not running meanwhile, so nothing refreshes it early.
  await page.goto(awayPage);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: LOCAL_STORAGE_KEYS.authToken,
    value: first,
  });
  const left = first;
  const expiresAt = expiryOf(left);
  await page.waitForTimeout(Math.max(0, expiresAt * 1000 - Date.now()) + 1_500);
  expect(await storedToken(page)).toBe(left);
  // Expired for the server too: an ordinary call with it is refused.
  const refused = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { authorization: `Bearer ${left}` },
  });
  expect(refused.status()).toBe(401);

  // Back: the refresh carries the expired token and the server accepts it; the user call then succeeds.
  const refresh = page.waitForRequest((request) => request.url().endsWith('/api/auth/refresh'));
  const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.goto(`${baseURL}/`);
  const refreshRequest = await refresh;
  const sentAt = Date.now() / 1000;
  expect(refreshRequest.headers()['authorization']).toBe(`Bearer ${left}`);
  expect(expiresAt).toBeLessThan(sentAt);
  expect((await refreshRequest.response())?.status()).toBe(200);
  const meResponse = await me;
  expect(meResponse.status()).toBe(200);
  expect(meResponse.request().headers()['authorization']).not.toBe(`Bearer ${left}`);
  expect(await meResponse.json()).toMatchObject({ email });
  await expectSignedInAs(page, email);

  // And the new token is what the app keeps: not the expired one.
  const now = await storedToken(page);
  expect(now).toBeTruthy();
  expect(now).not.toBe(left);
  expect(expiryOf(now ?? '')).toBeGreaterThan(expiresAt);
  const accepted = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { authorization: `Bearer ${now}` },
  });
  expect(accepted.status()).toBe(200);

  // A token that lives 15 s falls due every 7.5 s (half its life) while the app runs: leave, so nothing refreshes
  // it after the test.
  await page.goto(awayPage);
});
