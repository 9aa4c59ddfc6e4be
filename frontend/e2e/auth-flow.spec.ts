import { expect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { nextPage } from './support/walk';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { english } from './support/english';
import { sharedOutbox } from './support/outbox';

// Accounts in a real browser against the local cloud (cognito-local, DynamoDB Local, the SES outbox).

const PASSWORD = 'Travel!2024x';
const NEW_PASSWORD = 'Voyage$2025y';

const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.authToken);
}

/** Opens the account menu (the hamburger on small screens) so its items are visible. */
async function openAccountMenu(page: Page): Promise<void> {
  const hamburger = page.getByTestId('hamburger');
  await ((await hamburger.isVisible()) ? hamburger : page.getByTestId('user-menu')).click();
}

async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await openAccountMenu(page);
  await expect(page.getByTestId('user-menu-email')).toContainText(email);
  expect(await storedToken(page)).toBeTruthy();
}

async function logout(page: Page): Promise<void> {
  if (!(await page.getByTestId('menu-logout').isVisible())) await openAccountMenu(page);
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => storedToken(page)).toBeNull();
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The newest link to `path` the local outbox holds for `email` (the verification mail goes to the same address). */
async function mailedLink(page: Page, email: string, path: string): Promise<string | undefined> {
  const outbox = await sharedOutbox(page.request);
  return outbox.find((mail) => mail.to === email && mail.link?.includes(`${path}?`))?.link ?? undefined;
}

// A walk: a step per rule, in a fresh page of the same context each (support/walk.ts), so the service worker
// installs and precaches the app once, not once per rule (docs/E2E.md).
test('accounts: the whole journey, a menu opened the moment sign-in lands, and the guards', async ({
  page: firstPage,
  browser,
}) => {
  // Four accounts, eighteen screens and a dozen calls through cognito-local: a ceiling for a loaded machine, never
  // a wait.
  test.setTimeout(240_000);
  let page = firstPage;

  await test.step('register, log out, log in, reset the password through the mailed link, and sign in with the new one', async () => {
    const email = uniqueEmail('journey');

    await page.goto('/register');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();

    await expect(page).toHaveURL(/\/$/);
    await expectSignedInAs(page, email);

    // The verification mail, asked for by the register page; its link opened in this browser, still signed in.
    const verifyLink = () => mailedLink(page, email, '/verify-email');
    await expect.poll(verifyLink, { timeout: 10_000 }).toMatch(/\/verify-email\?token=/);
    const verifyUrl = new URL((await verifyLink()) ?? '');
    await page.goto(`${verifyUrl.pathname}${verifyUrl.search}`);
    await expect(page.getByTestId('verify-email-done')).toBeVisible();
    // The token works once.
    await page.reload();
    await expect(page.getByTestId('verify-email-failed')).toBeVisible();
    await expectSignedInAs(page, email);

    await logout(page);

    await page.goto('/login');
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedInAs(page, email);
    await logout(page);

    await page.goto('/login');
    await page.getByTestId('login-forgot-link').click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toBeVisible();

    // The mail leaves from a bus consumer after the page has its answer, so it may land a moment later.
    const resetLink = () => mailedLink(page, email, '/reset-password');
    await expect.poll(resetLink, { timeout: 10_000 }).toMatch(/\/reset-password\?token=/);
    const link = await resetLink();
    const resetUrl = new URL(link ?? '');
    await page.goto(`${resetUrl.pathname}${resetUrl.search}`);

    await page.getByTestId('reset-password').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, email, PASSWORD);
    await expect(page.getByText(english('error_login_failed'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();

    await login(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedInAs(page, email);
  });

  await test.step('guards: a signed-out visitor of /subscribe logs in and comes back to it', async () => {
    page = await nextPage(page);
    const email = uniqueEmail('guard');
    const registered = await page.request.post('/api/auth/register', {
      data: { email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status()).toBe(200);

    await page.goto('/subscribe');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, email, PASSWORD);

    await expect(page).toHaveURL(/\/subscribe$/);
  });

  await test.step('guards: a signed-in visitor of the signed-out pages goes to /', async () => {
    page = await nextPage(page);
    await page.goto('/register');
    await page.getByTestId('register-email').fill(uniqueEmail('signedin'));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/$/);

    for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=abc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  await test.step('the account menu opened as soon as registering reaches / stays open, on the same node, while the home screen arrives', async () => {
    // The home screen's code must come over the network, slowly, for the step to hold that window open: a page the
    // service worker controls would take it from the precache. A context of its own without the worker.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const menuPage = await context.newPage();
      // `/`'s code arrives 1.5 s late, as on a slow connection; the header shows the account menu before that.
      let homeScreenAsked = false;
      await menuPage.route(/\/assets\/home-screen-[^/]+\.js$/, async (route) => {
        homeScreenAsked = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await menuPage.goto('/register');
      await menuPage.getByTestId('register-email').fill(uniqueEmail('early-menu'));
      await menuPage.getByTestId('register-password').fill(PASSWORD);
      await menuPage.getByTestId('register-confirm').fill(PASSWORD);
      await menuPage.getByTestId('register-submit').click();

      await expect(menuPage).toHaveURL(/\/$/);
      await openAccountMenu(menuPage);
      const logoutItem = await menuPage.getByTestId('menu-logout').elementHandle();
      await expect(menuPage.getByTestId('main-button')).toBeVisible();

      expect(homeScreenAsked).toBe(true);
      await expect(menuPage.getByTestId('menu-logout')).toBeVisible();
      expect(await logoutItem?.evaluate((item) => item.isConnected)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

// The validation messages of docs/SPEC.md §5 on their fields, and the password visibility toggle, are jsdom tests
// (frontend/src/features/auth/components/auth-forms.test.tsx): nothing of them needs a browser (docs/E2E.md).
