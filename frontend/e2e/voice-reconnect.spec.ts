import { expect as baseExpect, type APIRequestContext, type WebSocketRoute } from '@playwright/test';
import { test } from './support/traveller';
import { fakeMicrophone } from './support/fake-microphone';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// "I need a doctor near the Eiffel Tower." (0.7-2.8 s), 8 s of silence, then the taxi sentence (11.1-13.8 s): the
// network goes while the first phrase is heard, and the second is spoken on the socket that replaces it.
test.describe.configure({ timeout: 120_000 });
test.use({ launchOptions: fakeMicrophone('speech-doctor-then-taxi.wav') });

/**
 * What is left of the traveller's allowance today, in whole seconds (as voice-allowance.spec.ts reads it): a
 * non-subscriber's key lives exactly that long, and its lease is closed at once at 0 s, so reading costs nothing.
 */
async function remainingAllowance(request: APIRequestContext): Promise<number> {
  const key = await request.get('/api/deepgram/key');
  expect(key.status()).toBe(200);
  const { time_to_live_in_seconds: ttl } = (await key.json()) as { time_to_live_in_seconds: number };
  expect((await request.post('/api/usage/update', { data: { durationSeconds: 0 } })).ok()).toBe(true);
  return ttl;
}

interface RoutedSocket {
  readonly page: WebSocketRoute;
  readonly server: WebSocketRoute;
}

test('the network goes mid-phrase: the transcript keeps what was heard, a fresh key reconnects once it is back, the next phrase arrives, and each lease is reported once', async ({
  page,
  context,
}, testInfo) => {
  // The page's speech sockets pass through the runner, which can cut one as a lost network would.
  const sockets: RoutedSocket[] = [];
  await page.routeWebSocket(/\/v1\/listen/, (socket) => {
    sockets.push({ page: socket, server: socket.connectToServer() });
  });
  let keyCalls = 0;
  const reports: number[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/deepgram/key')) keyCalls++;
    if (request.url().includes('/api/usage/update'))
      reports.push((request.postDataJSON() as { durationSeconds: number }).durationSeconds);
  });

  const before = await remainingAllowance(page.request);
  await page.goto('/');
  const badge = page.getByTestId('status-badge');
  const main = page.getByTestId('main-button');
  const transcript = page.getByTestId('transcript-original');
  const reconnecting = page.getByTestId('voice-reconnecting-notice');
  const firstKey = page.waitForResponse((response) => response.url().includes('/api/deepgram/key'));
  await main.click();
  expect((await firstKey).status()).toBe(200);
  const startedAt = Date.now();
  await expect(badge).toHaveAttribute('data-status', /^(recording|transcribing|transcribed)$/);

  // Heard: an interim while the sentence is spoken, or its final if the engine was quicker than this look.
  await expect(transcript).toContainText(/doctor/i, { timeout: 20_000 });
  const statusAtDrop = await badge.getAttribute('data-status');

  // The tunnel: the network goes, and the socket with it. The page sees 1006 (no close frame); the server's end is
  // closed too, so what the local socket records for the first key ends here.
  const first = sockets[0]!;
  first.server.onClose(() => undefined);
  first.page.onClose(() => undefined);
  await context.setOffline(true);
  await first.server.close();
  await first.page.close({ code: 1006, reason: '' });
  const droppedAt = Date.now();

  await expect(reconnecting).toBeVisible();
  await expect(page.getByTestId('voice-offline-notice')).toBeVisible();
  // What was heard stays, and the traveller is still recording: the microphone is open, Stop still finishes.
  await expect(transcript).toContainText(/doctor/i);
  await expect(main).toHaveAttribute('data-action', 'finish');
  await expect(page.getByTestId('mute-button')).toBeVisible();
  await expect(badge).not.toHaveAttribute('data-status', 'error');
  // Offline, nothing is asked for: no key that could not open a socket, no report that could not arrive.
  expect(keyCalls).toBe(1);
  expect(reports).toEqual([]);

  await context.setOffline(false);
  // Back online: the first key's lease is reported, then a fresh key opens a new socket.
  await expect.poll(() => sockets.length).toBe(2);
  expect(keyCalls).toBe(2);
  expect(reports).toHaveLength(1);
  await expect(reconnecting).toBeHidden();
  expect(sockets[1]!.page.protocols()[1]).not.toBe(first.page.protocols()[1]);

  // The second phrase is heard on the new socket.
  // The recogniser spells it "taxi" or, on some runs, "taxy": either is the second phrase, heard.
  await expect(transcript).toContainText(/\btax[iy]\b/i, { timeout: 30_000 });
  await expect(transcript).toContainText(/doctor/i);
  await expect(badge).toHaveAttribute('data-status', 'transcribed');

  const lastReport = page.waitForResponse((response) => response.url().includes('/api/usage/update'));
  await main.click();
  await expect(badge).toHaveAttribute('data-status', 'stopped');
  const stoppedAt = Date.now();
  expect((await lastReport).ok()).toBe(true);
  expect(reports).toHaveLength(2);
  expect(keyCalls).toBe(2);

  // Usage: the first report is the first socket's time up to the drop, the second the new socket's; together no
  // more than the session lasted, so no second was reported twice.
  const [beforeDrop = 0, afterDrop = 0] = reports;
  expect(beforeDrop).toBeGreaterThan(1);
  expect(beforeDrop).toBeLessThanOrEqual((droppedAt - startedAt) / 1000 + 1);
  // How long the new socket ran depends on how soon the network came back and how fast the buffered audio
  // was heard: only that it was reported, once, is the promise.
  expect(afterDrop).toBeGreaterThan(0);
  expect(beforeDrop + afterDrop).toBeLessThanOrEqual((stoppedAt - startedAt) / 1000 + 1);

  // Charged: the whole session, the time without a network included (the traveller was speaking; the server never
  // charges a lease less than the time since its key), and nothing twice.
  const chargedSeconds = before - (await remainingAllowance(page.request));
  const sessionSeconds = (stoppedAt - startedAt) / 1000;
  testInfo.annotations.push({
    type: 'usage',
    description: `dropped ${((droppedAt - startedAt) / 1000).toFixed(1)} s in (status ${statusAtDrop}); reported ${beforeDrop.toFixed(1)} s + ${afterDrop.toFixed(1)} s; session ${sessionSeconds.toFixed(1)} s, charged ${chargedSeconds} s`,
  });
  expect(Math.abs(chargedSeconds - sessionSeconds)).toBeLessThanOrEqual(2);
});
