import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { AUDIO_CHUNK_INTERVAL_MS } from '@wayfarer/shared/constants';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// "I need a doctor near the Eiffel Tower." (flite, voice slt), 0.5 s of silence on each side.
test.describe.configure({ timeout: 90_000 });
test.use({ microphone: 'speech-doctor-slt.wav' });

/** Counts the audio frames the page sends on the speech socket, and how many of them are not silent. */
function watchSpeechSocket(page: Page) {
  const audio = { frames: 0, audible: 0, bytes: new Set<number>(), protocols: [] as string[] };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/v1/listen')) return;
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') return;
      audio.frames++;
      audio.bytes.add(payload.length);
      const samples = new Int16Array(payload.buffer, payload.byteOffset, Math.floor(payload.length / 2));
      if (samples.some((sample) => Math.abs(sample) > 500)) audio.audible++;
    });
  });
  return audio;
}

test('a spoken sentence becomes a live transcript; stop offers the analysis', async ({ page }) => {
  const audio = watchSpeechSocket(page);
  await page.goto('/');
  const badge = page.getByTestId('status-badge');
  const main = page.getByTestId('main-button');
  await expect(badge).toHaveAttribute('data-status', 'idle');
  await expect(main).toHaveAttribute('data-action', 'start');

  const ticketResponse = page.waitForResponse((response) => response.url().includes('/api/speech/ticket'));
  await main.click();
  expect((await ticketResponse).status()).toBe(200);
  // Recording has begun; on a quick machine the first phrase may already be heard by the time this looks.
  await expect(badge).toHaveAttribute('data-status', /^(recording|transcribing|transcribed)$/);

  const transcript = page.getByTestId('transcript-original');
  // Key words the embedded engine (Moonshine tiny) reliably hears in this voice; "Eiffel" it does not.
  await expect(transcript).toContainText(/doctor/i, { timeout: 20_000 });
  await expect(transcript).toContainText(/\bneed\b/i);
  await expect(badge).toHaveAttribute('data-status', 'transcribed');
  await expect(main).toHaveAttribute('data-action', 'finish');

  // 20 ms chunks of 16 kHz PCM16 are 640 bytes, and the file's speech reached the socket.
  expect(audio.bytes).toEqual(new Set([(16_000 * 2 * AUDIO_CHUNK_INTERVAL_MS) / 1000]));
  expect(audio.audible).toBeGreaterThan(4);

  await main.click();
  await expect(badge).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('analysis-prompt')).toBeVisible();
  await expect(page.getByTestId('analysis-button')).toBeVisible();

  await page.getByTestId('analysis-prompt-analyze').click();
  await expect(page.getByTestId('analysis-panel')).toBeVisible();
  await expect(page.getByTestId('analysis-prompt')).toBeHidden();
  await expect(page.getByTestId('analysis-button')).toBeHidden();
});

test('the translation switch adds the translation column', async ({ page }) => {
  // The shared local cloud has no translation engine, so its switch is disabled and explains why
  // (language-picker.spec.ts); answer the capabilities call as a server with one would.
  await page.route('**/api/capabilities', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), translate: 'cloud' } });
  });
  await page.goto('/');
  const toggle = page.getByTestId('translation-switch');
  await expect(toggle).toHaveAttribute('data-checked', 'false');
  await expect(page.getByTestId('transcript-translation')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-checked', 'true');
  await expect(page.getByTestId('transcript-translation')).toBeVisible();
  await expect(page.getByTestId('main-button')).toHaveAttribute('data-action', 'start');
});
