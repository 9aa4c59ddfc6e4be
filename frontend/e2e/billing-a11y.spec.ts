import { expect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { saveScreenshot } from './support/screenshots';
import { THEME_WALKS, seriousAxeViolations } from './support/serious-axe-violations';

// The subscription pages with no serious or critical axe violations, as a signed-in user without a plan sees them
// (billing-flow.spec.ts checks the manage page's ACTIVE and cancel-pending states): in the light theme with every
// rule at both sizes; the dark theme changes only the colours, so it is checked with the colour rules, on the phone.

const PASSWORD = 'Travel!2024x';

const screens = [
  { name: 'subscribe', path: PAGES.subscribe, ready: 'subscribe-button' },
  { name: 'manage subscription without a plan', path: PAGES.manageSubscription, ready: 'upgrade-card' },
  { name: 'subscribe success', path: PAGES.subscribeSuccess, ready: 'subscribe-success-translator' },
  { name: 'subscribe cancel', path: PAGES.subscribeCancel, ready: 'subscribe-cancel-retry' },
] as const;

async function signInNewUser(page: Page): Promise<void> {
  const email = `a11y-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const answer = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  const { token } = (await answer.json()) as { token: string };
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: LOCAL_STORAGE_KEYS.authToken,
    value: token,
  });
}

for (const { theme, title, rules } of THEME_WALKS) {
  test.describe(title, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCAL_STORAGE_KEYS.theme,
        value: theme,
      });
      await signInNewUser(page);
    });

    // One page walks every screen: each is a full load, and the signed-in browser context (its sign-in, its
    // service worker) is set up once rather than once per screen.
    test('the subscription pages have no serious or critical axe violations', async ({ page }, testInfo) => {
      // A full load and an axe run per screen: about 5 s each on a quiet machine, three times that at load 15.
      test.setTimeout(240_000);
      for (const screen of screens) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await expect(page.getByTestId(screen.ready)).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);

          const serious = await seriousAxeViolations(page, rules);
          expect(serious, `${screen.name}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
          await saveScreenshot(page, testInfo, `${screen.name.replaceAll(' ', '-')}-${theme}`, {
            fullPage: true,
          });
        });
      }
    });
  });
}
