import { expect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS, THEMES } from '../src/lib/ui-constants';
import { seriousAxeViolations } from './support/serious-axe-violations';

// The subscription pages with no serious or critical axe violations, in both themes, as a signed-in user
// without a plan sees them (billing-flow.spec.ts checks the manage page's ACTIVE and cancel-pending states).

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

for (const theme of THEMES.filter((choice) => choice !== 'system')) {
  test.describe(`${theme} theme @layout`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCAL_STORAGE_KEYS.theme,
        value: theme,
      });
      await signInNewUser(page);
    });

    for (const screen of screens) {
      test(`${screen.name} has no serious or critical axe violations`, async ({ page }, testInfo) => {
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);

        const serious = await seriousAxeViolations(page);
        expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`${theme}.png`), fullPage: true });
      });
    }
  });
}
