import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './support/traveller';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';

// Issue 3: no serious or critical axe violations on these screens, in both themes.
const screens = [
  { name: 'home', path: '/', ready: 'hero-banner' },
  { name: 'login', path: '/login', ready: 'app-header' },
  { name: 'privacy policy', path: '/privacy-policy', ready: 'app-header' },
  { name: 'terms of service', path: '/terms-of-service', ready: 'app-header' },
  { name: 'refund policy', path: '/refund-policy', ready: 'app-header' },
  { name: '404', path: '/nope', ready: 'not-found' },
] as const;

const blocking = new Set(['serious', 'critical']);

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme @layout`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCAL_STORAGE_KEYS.theme,
        value: theme,
      });
    });

    for (const screen of screens) {
      test(`${screen.name} has no serious or critical axe violations`, async ({ page }, testInfo) => {
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);

        const results = await new AxeBuilder({ page }).analyze();

        const serious = results.violations.filter((violation) => blocking.has(violation.impact ?? ''));
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
        if (screen.path !== '/nope')
          await page.screenshot({ path: testInfo.outputPath(`${theme}.png`), fullPage: true });
      });
    }

    test('the open header menu has no serious or critical axe violations', async ({ page }, testInfo) => {
      await page.goto('/');
      const compact = (page.viewportSize()?.width ?? 0) < 768;
      test.skip(!compact, 'signed out, the wide header has no menu to open');
      await page.getByTestId('hamburger').click();
      await expect(page.getByTestId('header-login')).toBeVisible();

      const results = await new AxeBuilder({ page }).analyze();

      const serious = results.violations.filter((violation) => blocking.has(violation.impact ?? ''));
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`menu-${theme}.png`) });
    });
  });
}

test('the in-app browser overlay has no serious or critical axe violations @layout', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (iPhone) Instagram 323.0' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('inapp-overlay')).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();

  expect(results.violations.filter((violation) => blocking.has(violation.impact ?? ''))).toEqual([]);
  await context.close();
});

test('every icon-only control on the home screen shows its name in a tooltip @layout', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('hero-banner')).toBeVisible();
  await expect(page.getByTestId('main-button')).toBeVisible();
  // A control whose visible text has no letter (an icon, a ×) is named only for screen readers: sighted
  // travellers need the tooltip (issue 30).
  const bare = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('button, a[href]')]
      .filter((control) => control.offsetParent !== null)
      .filter((control) => {
        // What a sighted traveller reads as its name: its own text, its <label>, or what it is labelled by.
        const labelledBy = (control.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id));
        const shown = [control, ...(control.labels ?? []), ...labelledBy].map((node) => node?.innerText ?? '');
        return !shown.some((text) => /\p{L}/u.test(text));
      })
      .filter((control) => !control.closest('.tooltip-anchor'))
      .map((control) => control.getAttribute('aria-label') ?? control.outerHTML.slice(0, 120)),
  );
  expect(bare).toEqual([]);
});
