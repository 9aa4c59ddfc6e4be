import { expect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { saveScreenshot } from './support/screenshots';
import { THEME_WALKS, axeViolations, seriousAxeViolations } from './support/serious-axe-violations';

// No serious or critical axe violations on these screens; the home and 404 screens, the first a visitor meets,
// none of any impact. The light theme is checked with every rule at both sizes; the dark theme changes only the
// colours, so it is checked with the colour rules, on the phone.
const screens = [
  { name: 'home', path: '/', ready: 'hero-banner', anyImpact: true },
  { name: 'login', path: '/login', ready: 'app-header', anyImpact: false },
  { name: 'privacy policy', path: '/privacy-policy', ready: 'app-header', anyImpact: false },
  { name: 'terms of service', path: '/terms-of-service', ready: 'app-header', anyImpact: false },
  { name: 'refund policy', path: '/refund-policy', ready: 'app-header', anyImpact: false },
  { name: '404', path: '/nope', ready: 'not-found', anyImpact: true },
] as const;

const isCompact = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** Controls whose visible text has no letter (an icon, a ×): named only for screen readers, so they need a tooltip. */
async function iconControlsWithoutTooltip(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>('button, a[href]')]
      .filter((control) => control.offsetParent !== null)
      .filter((control) => {
        // What a sighted traveller reads as its name: its own text, its <label>, or what it is labelled by.
        const labelledBy = (control.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id));
        const shown = [control, ...(control.labels ?? []), ...labelledBy].map(
          (node) => node?.innerText ?? '',
        );
        return !shown.some((text) => /\p{L}/u.test(text));
      })
      .filter((control) => !control.closest('.tooltip-anchor'))
      .map((control) => control.getAttribute('aria-label') ?? control.outerHTML.slice(0, 120)),
  );
}

for (const { theme, title, rules } of THEME_WALKS) {
  test.describe(title, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCAL_STORAGE_KEYS.theme,
        value: theme,
      });
    });

    // One page walks every screen (each a full load): the browser context and its service worker are set up
    // once rather than once per screen.
    test('the shell screens have no serious or critical axe violations, home and 404 none at all', async ({
      page,
    }, testInfo) => {
      // A full load and an axe run per screen: about 5 s each on a quiet machine, three times that at load 15.
      test.setTimeout(240_000);
      for (const screen of screens) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await expect(page.getByTestId(screen.ready)).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);

          const found = screen.anyImpact
            ? await axeViolations(page, rules)
            : await seriousAxeViolations(page, rules);
          expect(found, `${screen.name}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
          if (screen.path !== '/nope') {
            await saveScreenshot(page, testInfo, `${screen.name.replaceAll(' ', '-')}-${theme}`, {
              fullPage: true,
            });
          }
        });
        if (screen.path === '/' && !rules) {
          await test.step('every icon-only control on the home screen shows its name in a tooltip', async () => {
            await expect(page.getByTestId('main-button')).toBeVisible();
            expect(await iconControlsWithoutTooltip(page)).toEqual([]);
          });
        }
      }
      // Signed out, only the phone's header has a menu to open.
      if (isCompact(page)) {
        await test.step('the open header menu', async () => {
          await page.goto('/');
          await page.getByTestId('hamburger').click();
          await expect(page.getByTestId('header-login')).toBeVisible();

          const serious = await seriousAxeViolations(page, rules);
          expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
          await saveScreenshot(page, testInfo, `menu-${theme}`);
        });
      }
    });
  });
}

test('the in-app browser overlay has no serious or critical axe violations @layout', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (iPhone) Instagram 323.0' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('inapp-overlay')).toBeVisible();

  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.close();
});
