import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { fakeMicrophone } from './support/fake-microphone';
import { SECOND_SERVER, onSecondServer } from './support/second-server';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });
const EARLIEST_SLACK_MS = 100;

// This spec needs a small daily allowance, so it runs on the suite's second local cloud (the shared web server
// keeps the default allowance for every other spec); there this test is a traveller with an allowance of its own.
// Silence: the scripted recogniser hears nothing, so the status stays recording until the cut-off.
test.use({ launchOptions: fakeMicrophone('silence.wav') });
test.describe.configure({ timeout: 90_000 });
onSecondServer();

test('an anonymous visitor is cut off at the allowance, then the key call answers 429', async ({ page }) => {
  await page.goto('/');
  const badge = page.getByTestId('status-badge');

  const keyResponse = page.waitForResponse((response) => response.url().includes('/api/deepgram/key'));
  await page.getByTestId('main-button').click();
  const key = await keyResponse;
  const keyArrivedAt = Date.now();
  expect(key.status()).toBe(200);
  const { time_to_live_in_seconds: ttl } = (await key.json()) as { time_to_live_in_seconds: number };
  expect(ttl).toBeLessThanOrEqual(SECOND_SERVER.anonDailySeconds);
  await expect(badge).toHaveAttribute('data-status', 'recording');

  // Cut off at TTL - 2 s: the limit dialog with login and register for an anonymous visitor.
  const dialog = page.getByTestId('limit-dialog');
  await expect(dialog).toBeVisible({ timeout: (ttl + 2) * 1000 });
  // Not early either. Timers only ever run late, so this lower bound holds on a loaded machine; the slack is
  // for the page reading the key a moment after the test saw it arrive.
  expect(Date.now() - keyArrivedAt).toBeGreaterThanOrEqual(
    (ttl - SESSION_CUTOFF_MARGIN_SECONDS) * 1000 - EARLIEST_SLACK_MS,
  );
  await expect(badge).toHaveAttribute('data-status', 'limit_reached');
  await expect(page.getByTestId('main-button')).toBeDisabled();
  await expect(dialog.locator('a[href="/login"]')).toBeVisible();
  await expect(dialog.locator('a[href="/register"]')).toBeVisible();

  // The next key call is refused, and the screen says so again.
  await page.reload();
  const refused = page.waitForResponse((response) => response.url().includes('/api/deepgram/key'));
  await page.getByTestId('main-button').click();
  expect((await refused).status()).toBe(429);
  await expect(page.getByTestId('limit-dialog')).toBeVisible();
  await expect(badge).toHaveAttribute('data-status', 'limit_reached');
});
