import { expect } from '@playwright/test';
import { test } from './support/traveller';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { axeViolations, seriousAxeViolations } from './support/serious-axe-violations';

// No serious or critical axe violations on these screens, in both themes; the home and 404 screens, the first a
// visitor meets, none of any impact.
const screens = [
  { name: 'home', path: '/', ready: 'hero-banner', anyImpact: true },
  { name: 'login', path: '/login', ready: 'app-header', anyImpact: false },
  { name: 'privacy policy', path: '/privacy-policy', ready: 'app-header', anyImpact: false },
  { name: 'terms of service', path: '/terms-of-service', ready: 'app-header', anyImpact: false },
  { name: 'refund policy', path: '/refund-policy', ready: 'app-header', anyImpact: false },
  { name: '404', path: '/nope', ready: 'not-found', anyImpact: true },
] as const;

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme @layout`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCAL_STORAGE_KEYS.theme,
        value: theme,
      });
    });

    // One page walks every screen (each a full load): the browser context and its service worker are set up
    // once rather than once per screen.
    test('the shell screens have no serious or critical axe violations, home and 404 none at all', async ({ page }, testInfo) => {
      // A full load and an axe run per screen: about 5 s each on a quiet machine, three times that at load 15.
      test.setTimeout(240_000);
      for (const screen of screens) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await expect(page.getByTestId(screen.ready)).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);

          const found = screen.anyImpact ? await axeViolations(page) : await seriousAxeViolations(page);
          expect(found, `${screen.name}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
          if (screen.path !== '/nope') {
            const file = `${screen.name.replaceAll(' ', '-')}-${theme}.png`;
            await page.screenshot({ path: testInfo.outputPath(file), fullPage: true });
          }
        });
      }
    });

    test('the open header menu has no serious or critical axe violations', async ({ page }, testInfo) => {
      await page.goto('/');
      const compact = (page.viewportSize()?.width ?? 0) < 768;
      test.skip(!compact, 'signed out, the wide header has no menu to open');
      await page.getByTestId('hamburger').click();
      await expect(page.getByTestId('header-login')).toBeVisible();

      const serious = await seriousAxeViolations(page);
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

  expect(await seriousAxeViolations(page)).toEqual([]);
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
