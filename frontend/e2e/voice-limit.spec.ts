import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { SECOND_SERVER, onSecondServer } from './support/second-server';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });
const EARLIEST_SLACK_MS = 100;

// This spec needs a small daily allowance, so it runs on the suite's second local cloud (the shared web server
// keeps the default allowance for every other spec); there this test is a traveller with an allowance of its own.
// Silence: the scripted recogniser hears nothing, so the status stays recording until the cut-off.
test.use({ microphone: 'silence.wav' });
test.describe.configure({ timeout: 90_000 });
onSecondServer();

test('an anonymous visitor is cut off at the allowance, then the ticket call answers 429', async ({
  page,
}) => {
  await page.goto('/');
  const badge = page.getByTestId('status-badge');

  const ticketResponse = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  // The relay meters audio, and the microphone opens after this press: no more audio than the time since.
  const pressedAt = Date.now();
  await page.getByTestId('main-button').click();
  const ticket = await ticketResponse;
  expect(ticket.status()).toBe(200);
  const { seconds_left: ttl } = (await ticket.json()) as { seconds_left: number };
  expect(ttl).toBeLessThanOrEqual(SECOND_SERVER.anonDailySeconds);
  await expect(badge).toHaveAttribute('data-status', 'recording');

  // Cut off at the seconds left - 2 s: the limit dialog with login and register for an anonymous visitor.
  const dialog = page.getByTestId('limit-dialog');
  await expect(dialog).toBeVisible({ timeout: (ttl + 2) * 1000 });
  // Not early either: the relay's figure is the audio it forwarded, never more than the time since the press, and
  // timers only ever run late, so this lower bound holds on a loaded machine.
  expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(
    (ttl - SESSION_CUTOFF_MARGIN_SECONDS) * 1000 - EARLIEST_SLACK_MS,
  );
  await expect(badge).toHaveAttribute('data-status', 'limit_reached');
  await expect(page.getByTestId('main-button')).toBeDisabled();
  await expect(dialog.locator('a[href="/login"]')).toBeVisible();
  await expect(dialog.locator('a[href="/register"]')).toBeVisible();

  // The next ticket call is refused (the relay charged what it forwarded), and the screen says so again.
  await page.reload();
  const refused = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  await page.getByTestId('main-button').click();
  expect((await refused).status()).toBe(429);
  await expect(page.getByTestId('limit-dialog')).toBeVisible();
  await expect(badge).toHaveAttribute('data-status', 'limit_reached');
});
