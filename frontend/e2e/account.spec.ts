import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { accountExportSchema } from '@wayfarer/shared/api/account';
import { test } from './support/traveller';
import { english } from './support/english';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';

// The account page (/account) in a real browser against the local cloud: each action from the page, as a
// traveller on a phone does it (cognito-local, DynamoDB Local, the SES outbox).

const PASSWORD = 'Travel!2024x';
const NEW_PASSWORD = 'Voyage$2025y';

const uniqueEmail = () =>
  `account-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.authToken);
}

/** Another device's session: a sign-in through the API, as a second phone would make. */
async function otherDevice(request: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: { email, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * That device refreshing its session: the status (a session that has ended answers 401) and, when it still
 * lived, the device's new token (each refresh rotates it).
 */
async function refreshed(
  request: APIRequestContext,
  token: string,
): Promise<{ status: number; token: string | undefined }> {
  const answer = await request.post('/api/auth/refresh', { headers: { authorization: `Bearer ${token}` } });
  const body = answer.ok() ? ((await answer.json()) as { token: string }) : undefined;
  return { status: answer.status(), token: body?.token };
}

async function openAccountPage(page: Page): Promise<void> {
  const hamburger = page.getByTestId('hamburger');
  await ((await hamburger.isVisible()) ? hamburger : page.getByTestId('user-menu')).click();
  await page.getByTestId('menu-account').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-page')).toBeVisible();
}

test('account page: change the password, sign out other devices, download my data, delete the account', async ({
  page,
}) => {
  // A dozen calls through cognito-local: a ceiling for a loaded machine, never a wait.
  test.setTimeout(180_000);
  const email = uniqueEmail();

  await test.step('register and reach /account from the account menu', async () => {
    await page.goto('/register');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/$/);
    await openAccountPage(page);
    await expect(page.getByTestId('account-email')).toContainText(email);
  });

  await test.step('change the password: a wrong current one changes nothing; the right one ends the other sessions', async () => {
    const other = await otherDevice(page.request, email, PASSWORD);
    const form = page.getByTestId('account-change-password');
    await page.getByTestId('account-current-password').fill('Wrong!2024x');
    await page.getByTestId('account-new-password').fill(NEW_PASSWORD);
    await page.getByTestId('account-confirm-password').fill(NEW_PASSWORD);
    await page.getByTestId('account-change-password-submit').click();
    await expect(page.getByText(english('account_error_wrong_password'))).toBeVisible();
    const stillSignedIn = await refreshed(page.request, other);
    expect(stillSignedIn.status).toBe(200);

    const before = await storedToken(page);
    await page.getByTestId('account-current-password').fill(PASSWORD);
    await page.getByTestId('account-change-password-submit').click();
    await expect(page.getByText(english('account_password_changed'))).toBeVisible();
    await expect(form.getByTestId('account-current-password')).toHaveValue('');
    await expect.poll(() => storedToken(page)).not.toBe(before);
    expect((await refreshed(page.request, stillSignedIn.token ?? '')).status).toBe(401);
  });

  await test.step('sign out on every other device: this page stays signed in', async () => {
    const other = await otherDevice(page.request, email, NEW_PASSWORD);
    await page.getByTestId('account-sign-out-password').fill(NEW_PASSWORD);
    await page.getByTestId('account-sign-out-everywhere-submit').click();
    await expect(page.getByText(english('account_signed_out_everywhere'))).toBeVisible();
    expect((await refreshed(page.request, other)).status).toBe(401);
    await page.reload();
    await expect(page.getByTestId('account-email')).toContainText(email);
  });

  await test.step('download my data, with the password: a JSON file of the account with the two statements', async () => {
    await page.getByTestId('account-export').click();
    await expect(page.getByTestId('account-export-dialog')).toBeVisible();
    await page.getByTestId('account-export-password').fill(PASSWORD);
    await page.getByTestId('account-export-confirm').click();
    await expect(page.getByText(english('account_error_wrong_password'))).toBeVisible();
    await expect(page.getByTestId('account-export-dialog')).toBeVisible();

    await page.getByTestId('account-export-password').fill(NEW_PASSWORD);
    const download = page.waitForEvent('download');
    await page.getByTestId('account-export-confirm').click();
    const file = await download;
    await expect(page.getByTestId('account-export-dialog')).toBeHidden();
    expect(file.suggestedFilename()).toMatch(/^wayfarer-account-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/);
    const exported = accountExportSchema.parse(JSON.parse(await readFile((await file.path()) ?? '', 'utf8')));
    expect(exported.profile.email).toBe(email);
    expect(exported.openSessions.length).toBeGreaterThan(0);
    expect(exported.keptOnlyOnTheDevice).toMatch(/history/i);
  });

  await test.step('delete the account: cancelling keeps it; confirming with the password deletes it', async () => {
    await page.getByTestId('account-delete').click();
    await expect(page.getByTestId('account-delete-dialog')).toBeVisible();
    await page.getByTestId('account-delete-cancel').click();
    await expect(page.getByTestId('account-delete-dialog')).toBeHidden();

    await page.getByTestId('account-delete').click();
    await page.getByTestId('account-delete-password').fill(NEW_PASSWORD);
    await page.getByTestId('account-delete-confirm').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(english('account_deleted'))).toBeVisible();
    await expect.poll(() => storedToken(page)).toBeNull();
    const login = await page.request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } });
    expect(login.status()).toBe(401);
  });
});
