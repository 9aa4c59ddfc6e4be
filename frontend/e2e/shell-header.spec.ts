import { expect, type Page } from '@playwright/test';
import { signInFresh } from './support/sign-in';
import { test } from './support/traveller';
import { saveScreenshot } from './support/screenshots';
import { nextPage } from './support/walk';
import { LANGUAGE_COOKIE, LOCAL_STORAGE_KEYS, TRACKING_DEDUPE_MS } from '../src/lib/ui-constants';

const isCompact = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

// Walks: the rules of one context, a `test.step` each, in a fresh page of that context each (support/walk.ts), so
// the service worker installs and precaches the app once per walk, not once per rule (docs/E2E.md).

test.describe('header @layout', () => {
  async function openAccountMenu(page: Page) {
    await page.getByTestId(isCompact(page) ? 'hamburger' : 'user-menu').click();
  }

  test('the header signed out and signed in, without a plan, ACTIVE and CANCELED', async ({
    page: firstPage,
  }, testInfo) => {
    let page = firstPage;

    await test.step('signed out: title, icons, theme toggle and login/register (behind the hamburger on small screens)', async () => {
      await page.goto('/');
      const header = page.getByTestId('app-header');
      await expect(header.getByRole('link', { name: 'Wayfarer' })).toBeVisible();
      await expect(page.getByTestId('nav-home')).toBeVisible();
      await expect(page.getByTestId('nav-photo')).toBeVisible();
      await expect(page.getByTestId('theme-toggle')).toBeVisible();
      await expect(page.getByTestId('header-subscribe')).toHaveCount(0);
      await expect(page.getByTestId('user-menu')).toHaveCount(0);

      if (isCompact(page)) {
        await expect(page.getByTestId('header-login')).toBeHidden();
        await page.getByTestId('hamburger').click();
        await expect(page.getByTestId('hamburger')).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(page.getByTestId('hamburger')).toHaveCount(0);
      }
      await expect(page.getByTestId('header-login')).toBeVisible();
      await expect(page.getByTestId('header-register')).toBeVisible();
      await saveScreenshot(page, testInfo, 'header-signed-out');

      await page.getByTestId('header-login').click();
      await expect(page).toHaveURL(/\/login$/);
      if (isCompact(page))
        await expect(page.getByTestId('hamburger')).toHaveAttribute('aria-expanded', 'false');
    });

    // The hamburger exists only on small screens: on the wide one the step is reported skipped.
    await (isCompact(page) ? test.step : test.step.skip)(
      'the hamburger closes on Escape and on a click outside',
      async () => {
        page = await nextPage(page);
        await page.goto('/');
        const hamburger = page.getByTestId('hamburger');

        await hamburger.click();
        await page.keyboard.press('Escape');
        await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
        await expect(hamburger).toBeFocused();

        await hamburger.click();
        await page.getByRole('heading', { level: 1 }).click();
        await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
      },
    );

    await test.step('signed in without a plan: Subscribe, the email and Logout, no Manage subscription; Logout goes home', async () => {
      page = await nextPage(page);
      const email = await signInFresh(page);
      await page.goto('/privacy-policy');
      await openAccountMenu(page);

      await expect(page.getByTestId('header-subscribe')).toBeVisible();
      await expect(page.getByTestId('user-menu-email')).toContainText(email);
      await expect(page.getByTestId('menu-manage-subscription')).toHaveCount(0);
      await expect(page.getByTestId('header-login')).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'header-signed-in');

      await page.getByTestId('menu-logout').click();

      await expect(page).toHaveURL(/\/$/);
      if (isCompact(page)) {
        // The menu closes when the new location renders, which can come just after the URL: opening it before then
        // would close it.
        const hamburger = page.getByTestId('hamburger');
        await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
        await hamburger.click();
      }
      await expect(page.getByTestId('header-login')).toBeVisible();
    });

    await test.step('signed in, ACTIVE: no Subscribe, Manage subscription in the menu', async () => {
      page = await nextPage(page);
      await signInFresh(page, 'ACTIVE');
      await page.goto('/');
      await openAccountMenu(page);

      await expect(page.getByTestId('menu-manage-subscription')).toBeVisible();
      await expect(page.getByTestId('header-subscribe')).toHaveCount(0);

      await page.getByTestId('menu-manage-subscription').click();
      await expect(page).toHaveURL(/\/manage-subscription$/);
    });

    await test.step('signed in, CANCELED: Subscribe and Manage subscription both offered', async () => {
      page = await nextPage(page);
      await signInFresh(page, 'CANCELED');
      await page.goto('/');
      await openAccountMenu(page);

      await expect(page.getByTestId('menu-manage-subscription')).toBeVisible();
      await expect(page.getByTestId('header-subscribe')).toBeVisible();
    });
  });
});

test('the theme toggle, the interface language and page tracking', async ({ page: firstPage, baseURL }) => {
  // Seven rules, each in a page of its own: a ceiling for a loaded machine, never a wait.
  test.setTimeout(180_000);
  let page = firstPage;

  await test.step('the theme toggle cycles light, dark, system and the choice survives a reload', async () => {
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAttribute('data-theme', 'light');

    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', 'dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.theme)).toBe('dark');

    await page.reload();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', 'dark');

    await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'system');
    await page.reload();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'system');
  });

  await test.step('the system theme follows the device colour scheme', async () => {
    page = await nextPage(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript((key) => localStorage.setItem(key, 'system'), LOCAL_STORAGE_KEYS.theme);
    await page.goto('/');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'system');

    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    expect(darkBackground).not.toBe(lightBackground);
  });

  await test.step('interface language: ?lng=fr shows French, and the choice is cached for the next visit without the query', async () => {
    page = await nextPage(page);
    await page.goto('/?lng=fr');
    await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-label', 'Accueil');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await page.goto('/privacy-policy');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.uiLanguage)).toBe('fr');
  });

  // Where the language comes from (the query, the cookie, local storage, then the browser, in that order) is the
  // detector's unit test (src/app/i18n-loading.test.ts) and, for the first paint, src/app/first-screen-boot.test.ts.

  await test.step('interface language: the language switcher changes the interface and the choice survives a reload', async () => {
    page = await nextPage(page);
    await page.goto('/');
    if (isCompact(page)) await page.getByTestId('hamburger').click();

    await page.getByTestId('language-select').selectOption('de');

    await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-label', 'Startseite');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-label', 'Startseite');
  });

  await test.step('interface language: the switcher wins over an i18next cookie on the next visit', async () => {
    page = await nextPage(page);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'fr', url: baseURL ?? '' }]);
    await page.goto('/');
    if (isCompact(page)) await page.getByTestId('hamburger').click();

    await page.getByTestId('language-select').selectOption('es');
    await page.reload();

    await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-label', 'Inicio');
  });

  await test.step('page tracking: tracked pages are reported once each, untracked ones never, and the failing call stays silent', async () => {
    page = await nextPage(page);
    const tracked = trackedPages(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto('/');
    await expect.poll(() => tracked).toEqual(['/']);

    await page.getByRole('link', { name: 'Privacy policy' }).first().click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await page.getByTestId('nav-photo').click();
    await expect(page).toHaveURL(/\/translate-photo$/);
    await expect.poll(() => tracked).toEqual(['/', '/translate-photo']);

    // Back home within the de-duplication window of the *last* page: a different page, so it counts.
    await page.getByTestId('nav-home').click();
    await expect.poll(() => tracked).toEqual(['/', '/translate-photo', '/']);

    // A query string makes it another page (docs/SPEC.md §4: path plus query is checked against the list).
    await page.goto('/?lng=en');
    await page.waitForTimeout(TRACKING_DEDUPE_MS / 2);
    expect(tracked).toEqual(['/', '/translate-photo', '/']);

    expect(pageErrors).toEqual([]);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  // Last: Playwright's clock is the context's, and stays installed.
  await test.step('page tracking: the same page within a second is tracked once', async () => {
    page = await nextPage(page);
    const tracked = trackedPages(page);
    // The page's clock stands still, so "within a second" holds however slowly a loaded machine gets from the
    // first view to the hop back.
    await page.clock.setFixedTime(new Date('2026-06-01T09:00:00Z'));
    await page.goto('/translate-photo');
    await expect.poll(() => tracked).toEqual(['/translate-photo']);

    // A client-side hop away and straight back, within TRACKING_DEDUPE_MS.
    await page.evaluate(() => {
      history.pushState({}, '', '/translate-photo?x=1');
      dispatchEvent(new PopStateEvent('popstate'));
      history.pushState({}, '', '/translate-photo');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForTimeout(300);

    expect(tracked).toEqual(['/translate-photo']);
  });
});

/** The pages the app reports to POST /api/analytics/track from this page, in order. */
function trackedPages(page: Page): string[] {
  const tracked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/track')
      tracked.push((request.postDataJSON() as { page: string }).page);
  });
  return tracked;
}
