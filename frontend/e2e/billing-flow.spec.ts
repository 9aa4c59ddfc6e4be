import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { seriousAxeViolations } from './support/serious-axe-violations';
import { SECOND_SERVER, secondServerAppOrigin, onSecondServer } from './support/second-server';
import { serviceWorkerControls } from './support/service-worker';

// The Pro plan end to end with local billing (no Stripe key: the local cloud's checkout and portal pages send
// signed webhooks to the same handler Stripe would call), then the subscriber's speech session outliving the
// daily allowance a signed-in user has (docs/SPEC.md §6).

// Two shared cores, cognito-local, a webhook per step: allow for a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// Small, so a non-subscriber would be cut off within seconds and the subscriber's session visibly is not.
const USER_DAILY_SECONDS = SECOND_SERVER.userDailySeconds;
const OUTLAST_ALLOWANCE_MS = (USER_DAILY_SECONDS + 4) * 1000;
const PASSWORD = 'Travel!2024x';

test.use({ microphone: 'silence.wav' });
test.describe.configure({ timeout: 180_000 });

// On the suite's second local cloud: the allowance above must not cut off the shared server's users. The app is
// opened at the origin the local cloud gives the provider's pages to return to (APP_URL), so the token in local
// storage is there.
onSecondServer();
const appOrigin = secondServerAppOrigin;

const uniqueEmail = () =>
  `pro-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The seconds of speech left today, as a speech ticket says; null for a subscriber, who has no allowance. */
async function speechSecondsLeft(page: Page): Promise<number | null> {
  const token = await page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_KEYS.authToken);
  const answer = await page.request.post(`${appOrigin()}/api/speech/ticket`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { seconds_left: number | null }).seconds_left;
}

/**
 * Returns from the local portal by its link, as from Stripe's, and waits for the manage page to show what the
 * portal's webhook wrote: it may land a moment after the portal page answers, so the page is read again until then.
 */
async function returnFromPortalTo(page: Page, testId: string): Promise<void> {
  await page.getByTestId('local-portal-return').click();
  await expect(page).toHaveURL(/\/manage-subscription$/);
  await expect(async () => {
    if (await page.getByTestId(testId).isVisible()) return;
    await page.reload();
    await baseExpect(page.getByTestId(testId)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** The manage page as it stands, in both themes, with no serious or critical axe violations. */
async function expectManagePageAccessible(page: Page, state: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LOCAL_STORAGE_KEYS.theme,
      value: theme,
    });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', theme);
    await expect(page.getByTestId(state)).toBeVisible();
    const serious = await seriousAxeViolations(page);
    expect(serious, `${state}, ${theme}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  }
}

// @desktop: the flow goes through the wide header's account menu.
test('sign-in first, register, subscribe through the local checkout, cancel and resume in the portal; the speech key has no cut-off @desktop', async ({
  page,
}) => {
  // /subscribe needs a signed-in user: it sends a visitor to /login, whose register link keeps where they came from.
  await page.goto(`${appOrigin()}/subscribe`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('main').locator(`a[href="${PAGES.register}"]`).click();
  const email = uniqueEmail();
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByTestId('header-subscribe')).toBeVisible();
  // A signed-in user's key lives only as long as what is left of the allowance: that is the cut-off.
  expect(await speechSecondsLeft(page)).toBeLessThanOrEqual(USER_DAILY_SECONDS);

  // As for every visitor who has opened the app once: its service worker controls the page, and must leave the
  // local checkout and portal (server pages under /__local/) to the server rather than answer with the app.
  await serviceWorkerControls(page);
  await expect(page.getByTestId('subscribe-feature')).toHaveCount(6);
  await expect(page.getByTestId('subscribe-button')).toBeDisabled();
  await page.getByTestId('subscribe-terms').check();
  await page.getByTestId('subscribe-button').click();

  await page.getByTestId('local-checkout-pay').click();
  await expect(page).toHaveURL(/\/subscribe-success\?session_id=/);
  await expect(page.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'confirmed');
  await expect(page.getByTestId('header-subscribe')).toBeHidden();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-manage-subscription').click();
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'ACTIVE');
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'good');
  const renewal = page.getByTestId('renewal-date');
  await expect(renewal).toBeVisible();
  const periodEnd = await renewal.getAttribute('data-date');
  expect(Date.parse(periodEnd ?? '')).toBeGreaterThan(Date.now());
  await expect(page.getByTestId('cancel-notice')).toBeHidden();
  await expectManagePageAccessible(page, 'renewal-date');

  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByTestId('portal-button').click();
  await page.getByTestId('local-portal-cancel').click();
  await returnFromPortalTo(page, 'cancel-notice');
  await expect(page.getByTestId('cancel-notice')).toHaveAttribute('data-date', periodEnd ?? '');
  await expect(page.getByTestId('cancel-notice')).not.toBeEmpty();
  await expect(page.getByTestId('renewal-date')).toBeHidden();
  await expectManagePageAccessible(page, 'cancel-notice');

  await page.getByTestId('portal-button').click();
  await page.getByTestId('local-portal-resume').click();
  await returnFromPortalTo(page, 'renewal-date');
  await expect(page.getByTestId('cancel-notice')).toBeHidden();
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'ACTIVE');

  // docs/SPEC.md §6: the subscriber's key is not the allowance's, and a session runs past it with no limit dialog.
  expect(await speechSecondsLeft(page)).toBeNull();
  await page.goto(`${appOrigin()}/`);
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'recording');
  await page.waitForTimeout(OUTLAST_ALLOWANCE_MS);
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'recording');
  await expect(page.getByTestId('limit-dialog')).toBeHidden();
});
