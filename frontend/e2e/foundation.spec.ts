import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './support/traveller';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';

test.describe('404 page', () => {
  test('an unknown path shows the 404 page and Go Home leads to /', async ({ page }) => {
    await page.goto('/nope');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();

    await page.getByTestId('go-home').click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('not-found')).toBeHidden();
  });

  test('Go Back returns to the page the visitor came from', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/nope');

    await page.getByTestId('go-back').click();

    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test('Go Back goes home when the 404 is the first page of a new tab', async ({ page }) => {
    await page.goto('/');
    // A tab opened by window.open starts with an empty history, like a link opened in a new tab; a page from
    // page.goto would still have the initial about:blank behind it.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/nope', '_blank', 'noopener')),
    ]);
    await expect(tab.getByTestId('not-found')).toBeVisible();
    expect(await tab.evaluate(() => history.length)).toBe(1);

    await tab.getByTestId('go-back').click();

    await expect(tab).toHaveURL(/\/$/);
    await expect(tab.getByTestId('not-found')).toBeHidden();
  });
});

test('the header links open the photo screen and come back home', async ({ page }) => {
  await page.goto('/');
  const homeHeading = await page.getByRole('heading', { level: 1 }).textContent();

  await page.getByTestId('nav-photo').click();
  await expect(page).toHaveURL(/\/translate-photo$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(homeHeading ?? '');

  await page.getByTestId('nav-home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading ?? '');
});

test('locale files are served as JSON', async ({ request }) => {
  const response = await request.get('/locales/en/translation.json');

  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toMatchObject({ app_title: expect.any(String) });
});

test('an unknown API path answers 404 with an error body, not the SPA', async ({ request }) => {
  const response = await request.get('/api/nope');

  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: expect.any(String) });
});

test.describe('interface language', () => {
  test('?lng=fr shows the interface in French and remembers the choice', async ({ page }) => {
    await page.goto('/?lng=fr');

    await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-label', 'Accueil');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.uiLanguage)).toBe('fr');

    await page.goto('/nope');
    await expect(page.getByTestId('go-home')).toHaveText('Retour à l’accueil');
  });
});

test.describe('theme', () => {
  test('is light by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', 'light');
  });

  test('a stored dark theme applies before the app starts', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'dark'), LOCAL_STORAGE_KEYS.theme);
    // Without the app bundle only index.html's inline script can have set the theme.
    await page.route('**/assets/*.js', (route) => route.abort());

    await page.goto('/');

    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', 'dark');
  });
});

test.describe('accessibility', () => {
  for (const [screen, path, ready] of [
    ['home', '/', 'app-header'],
    ['404', '/nope', 'not-found'],
  ] as const) {
    test(`the ${screen} screen has no axe violations in either theme`, async ({ page }) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCAL_STORAGE_KEYS.theme,
          value: theme,
        });
        await page.goto(path);
        await expect(page.getByTestId(ready)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);

        const results = await new AxeBuilder({ page }).analyze();

        expect(results.violations, `${theme} theme`).toEqual([]);
      }
    });
  }
});
