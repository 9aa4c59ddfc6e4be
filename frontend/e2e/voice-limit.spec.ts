import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { fakeMicrophone } from './support/fake-microphone';
import { OWN_SERVER_PROJECT, runOwnLocalServer } from './support/own-local-server';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });
const EARLIEST_SLACK_MS = 100;

// This spec needs a daily allowance of 4 s, so it runs its own local cloud (the shared web server keeps the
// default allowance for every other spec). One project is enough: both would count against the same address.
test.use({ launchOptions: fakeMicrophone('speech-taxi-rms.wav') });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ownServer = runOwnLocalServer({ ANON_DAILY_SECONDS: '4' });

test('an anonymous visitor is cut off at the allowance, then the ticket call answers 429', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== OWN_SERVER_PROJECT, 'one server, one address: runs once');
  const baseURL = ownServer();
  await page.goto(`${baseURL}/`);
  const badge = page.getByTestId('status-badge');

  const ticketResponse = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  await page.getByTestId('main-button').click();
  const ticket = await ticketResponse;
  const keyArrivedAt = Date.now();
  expect(ticket.status()).toBe(200);
  const { seconds_left: ttl } = (await ticket.json()) as { seconds_left: number };
  expect(ttl).toBeLessThanOrEqual(4);
  await expect(badge).toHaveAttribute('data-status', 'recording');

  // Cut off at the seconds left - 2 s: the limit dialog with login and register for an anonymous visitor.
  const dialog = page.getByTestId('limit-dialog');
  await expect(dialog).toBeVisible({ timeout: (ttl + 2) * 1000 });
  // Not early either. Timers only ever run late, so this lower bound holds on a loaded machine; the slack is
  // for the page reading the ticket a moment after the test saw it arrive.
  expect(Date.now() - keyArrivedAt).toBeGreaterThanOrEqual(
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
