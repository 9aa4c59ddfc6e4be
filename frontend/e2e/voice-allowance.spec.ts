import { expect as baseExpect, type APIRequestContext } from '@playwright/test';
import { LIVE, test } from './support/traveller';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// The allowance this spec reads is the shared server's (ANON_DAILY_SECONDS's default, lambdas/config.ts); each test
// is its own traveller (support/traveller.ts), with an allowance of its own. The relay meters what it forwards, on
// either server; this one is the shared server's, in front of the embedded engine.
const DAILY_SECONDS = 300;
const sharedServer = `http://127.0.0.1:${process.env.E2E_PORT}`;
// How long after leaving the page the allowance is read again: the relay closes the session's lease when the socket
// goes, which the next read must see; well above the 2 s the charge may differ from the seconds spoken.
const LINGER_AFTER_LEAVING_MS = 6_000;
const SPEAK_MS = 4_000;

test.use({ microphone: 'speech-taxi-rms.wav' });
test.describe.configure({ timeout: 90_000 });

/**
 * What is left of today's allowance, in whole seconds: a speech ticket says so, and an unused ticket costs nothing
 * (the relay meters the sockets, not the tickets).
 */
async function remainingAllowance(request: APIRequestContext, baseURL: string): Promise<number> {
  const ticket = await request.post(`${baseURL}/api/speech/ticket`);
  expect(ticket.status()).toBe(200);
  return ((await ticket.json()) as { seconds_left: number }).seconds_left;
}

test('closing the page mid-session charges the seconds spoken, never more', async ({
  context,
  page,
}, testInfo) => {
  const baseURL = sharedServer;
  const before = await remainingAllowance(page.request, baseURL);
  expect(before).toBe(DAILY_SECONDS);

  await page.goto(`${baseURL}/`);
  const keyResponse = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  await page.getByTestId('main-button').click();
  expect((await keyResponse).status()).toBe(200);
  const keyArrivedAt = Date.now();
  // Live: audio captured while the ticket and socket were on their way is sent on at once, so on a loaded machine
  // the first status after Permission pending can already be transcribing (docs/E2E.md, Fake microphone).
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', LIVE);
  await page.waitForTimeout(SPEAK_MS);

  const leftAt = Date.now();
  // As a closed tab.
  await page.close();
  const spokenSeconds = (leftAt - keyArrivedAt) / 1000;

  await new Promise((resolve) => setTimeout(resolve, LINGER_AFTER_LEAVING_MS));
  const comeBack = await context.newPage();
  await comeBack.goto(`${baseURL}/`);
  const after = await remainingAllowance(comeBack.request, baseURL);
  const chargedSeconds = before - after;

  testInfo.annotations.push({
    type: 'allowance',
    description: `spoken ${spokenSeconds.toFixed(1)} s, charged ${chargedSeconds} s`,
  });
  // Whole seconds on both readings: the charge is known to within a second either way.
  expect(Math.abs(chargedSeconds - spokenSeconds)).toBeLessThanOrEqual(2);
});

test('a stop while the ticket call is in flight opens no socket and charges nothing', async ({
  page,
}, testInfo) => {
  const baseURL = sharedServer;
  const before = await remainingAllowance(page.request, baseURL);

  // The ticket call is held in the browser until Stop has been pressed, then let through to the server.
  let releaseKeyCall: () => void = () => {};
  const stopPressed = new Promise<void>((resolve) => (releaseKeyCall = resolve));
  let keyCallHeld: () => void = () => {};
  const keyCallStarted = new Promise<void>((resolve) => (keyCallHeld = resolve));
  await page.route('**/api/speech/ticket', async (route) => {
    keyCallHeld();
    await stopPressed;
    await route.continue();
  });
  await page.goto(`${baseURL}/`);
  await page.getByTestId('main-button').click();
  await keyCallStarted;
  // The initializing notice is up for as long as the ticket call is held: Stop must be reachable with it shown,
  // whichever of the two (the lazily loaded notice or this press) comes first.
  await expect(page.getByTestId('initializing-overlay')).toBeVisible();
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'stopped');
  const keyAnswer = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  releaseKeyCall();
  expect((await keyAnswer).status()).toBe(200);

  await page.waitForTimeout(LINGER_AFTER_LEAVING_MS);
  const chargedSeconds = before - (await remainingAllowance(page.request, baseURL));
  testInfo.annotations.push({ type: 'allowance', description: `spoken 0 s, charged ${chargedSeconds} s` });
  expect(chargedSeconds).toBeLessThanOrEqual(2);
});
