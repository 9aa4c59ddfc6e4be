import { expect as baseExpect, type APIRequestContext, type WebSocketRoute } from '@playwright/test';
import { test } from './support/traveller';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// "I need a doctor near the Eiffel Tower." (0.7-2.8 s), 8 s of silence, then the taxi sentence (11.1-13.8 s): the
// network goes while the first phrase is heard, and the second is spoken on the socket that replaces it.
test.describe.configure({ timeout: 120_000 });
test.use({ microphone: 'speech-doctor-then-taxi.wav' });

/**
 * What is left of the traveller's allowance today, in whole seconds (as voice-allowance.spec.ts reads it): a speech
 * ticket says so, and an unused ticket costs nothing.
 */
async function remainingAllowance(request: APIRequestContext): Promise<number> {
  const ticket = await request.post('/api/speech/ticket');
  expect(ticket.status()).toBe(200);
  return ((await ticket.json()) as { seconds_left: number }).seconds_left;
}

interface RoutedSocket {
  readonly page: WebSocketRoute;
  readonly server: WebSocketRoute;
}

test('the network goes mid-phrase: the transcript keeps what was heard, a fresh ticket reconnects once it is back, the next phrase arrives, and only the audio the relay forwarded is charged', async ({
  page,
  context,
}, testInfo) => {
  // The page's speech sockets pass through the runner, which can cut one as a lost network would.
  const sockets: RoutedSocket[] = [];
  await page.routeWebSocket(/\/v1\/listen/, (socket) => {
    sockets.push({ page: socket, server: socket.connectToServer() });
  });
  let ticketCalls = 0;
  const usageCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/speech/ticket')) ticketCalls++;
    if (request.url().includes('/api/usage')) usageCalls.push(request.url());
  });

  const before = await remainingAllowance(page.request);
  await page.goto('/');
  const badge = page.getByTestId('status-badge');
  const main = page.getByTestId('main-button');
  const transcript = page.getByTestId('transcript-original');
  const reconnecting = page.getByTestId('voice-reconnecting-notice');
  const firstTicket = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  await main.click();
  expect((await firstTicket).status()).toBe(200);
  const startedAt = Date.now();
  await expect(badge).toHaveAttribute('data-status', /^(recording|transcribing|transcribed)$/);

  // Heard: an interim while the sentence is spoken, or its final if the engine was quicker than this look.
  await expect(transcript).toContainText(/doctor/i, { timeout: 20_000 });
  const statusAtDrop = await badge.getAttribute('data-status');

  // The tunnel: the network goes, and the socket with it. The page sees 1006 (no close frame); the server's end is
  // closed too, so what the relay charges for the first socket ends here.
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
  // Offline, nothing is asked for: no ticket that could not open a socket.
  expect(ticketCalls).toBe(1);

  await context.setOffline(false);
  // Back online: a fresh ticket opens a new socket.
  await expect.poll(() => sockets.length).toBe(2);
  expect(ticketCalls).toBe(2);
  await expect(reconnecting).toBeHidden();
  expect(sockets[1]!.page.protocols()[1]).not.toBe(first.page.protocols()[1]);

  // The second phrase is heard on the new socket.
  // The recogniser spells it "taxi" or, on some runs, "taxy": either is the second phrase, heard.
  await expect(transcript).toContainText(/\btax[iy]\b/i, { timeout: 30_000 });
  await expect(transcript).toContainText(/doctor/i);
  await expect(badge).toHaveAttribute('data-status', 'transcribed');

  await main.click();
  await expect(badge).toHaveAttribute('data-status', 'stopped');
  const stoppedAt = Date.now();
  expect(ticketCalls).toBe(2);
  // The browser reports nothing: the relay meters.
  expect(usageCalls).toEqual([]);

  // Charged: the audio the relay forwarded: the first socket's up to the drop, then the new socket's (the 10 s the
  // microphone kept while offline included), never more than the session lasted, nothing twice.
  const sessionSeconds = (stoppedAt - startedAt) / 1000;
  const beforeDrop = (droppedAt - startedAt) / 1000;
  await expect
    .poll(async () => before - (await remainingAllowance(page.request)))
    .toBeGreaterThanOrEqual(Math.floor(beforeDrop) - 2);
  const chargedSeconds = before - (await remainingAllowance(page.request));
  testInfo.annotations.push({
    type: 'usage',
    description: `dropped ${beforeDrop.toFixed(1)} s in (status ${statusAtDrop}); session ${sessionSeconds.toFixed(1)} s, charged ${chargedSeconds} s`,
  });
  expect(chargedSeconds).toBeLessThanOrEqual(sessionSeconds + 1);
});
