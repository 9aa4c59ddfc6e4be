import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { openAiServerURL, SCRIPT, secondServerAppOrigin, onSecondServer } from './support/second-server';
import { subscribeFresh } from './support/subscriber';

// Two shared cores, a speech model and two local clouds: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 30_000 });

// On the suite's second local cloud: the scripted Deepgram server hears "Where is the train station?", which is
// translated into Italian ("Dov'è la stazione?") and read by the cloud voice of the OpenAI-compatible test
// server, which holds back the last chunk of every speech response for that text until told that playback has
// begun: cloud voices play as they arrive, not after the whole file, so the first words are heard sooner.
test.use({ microphone: 'speech-doctor-slt.wav' });
test.describe.configure({ timeout: 120_000 });
onSecondServer();

test('a cloud voice starts playing before its response has fully arrived', async ({ page }) => {
  // A subscriber: the second cloud's anonymous allowance is a few seconds.
  await subscribeFresh(page, secondServerAppOrigin());
  // Counts speech buffers started, without app hooks (docs/E2E.md). The main button's press starts a one-sample
  // silence to unlock audio (lib/audio-context.ts): that is not speech, and counting it let the spec release the
  // tail before any speech had played.
  await page.addInitScript(() => {
    const started = { count: 0 };
    (window as unknown as { __audioStarts: typeof started }).__audioStarts = started;
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      if ((this.buffer?.length ?? 0) > 1) started.count += 1;
      return start.apply(this, args);
    };
  });
  await page.goto(`${secondServerAppOrigin()}/`);
  const toggle = page.getByTestId('translation-switch');
  await expect(toggle).toHaveAttribute('data-available', 'true');
  await toggle.click();
  await page.getByTestId('language-picker-trigger').click();
  await page.locator('[data-testid="language-option"][data-lang="it"]').click();
  await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'it');

  const speechResponse = page.waitForResponse((response) => response.url().includes('/api/tts/openai'));
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('transcript-original')).toContainText(SCRIPT[0].text, { timeout: 60_000 });
  expect((await speechResponse).status()).toBe(200);

  // The tail is still held back by the server (it sends it only after a release, even if it has not reached it
  // yet): whatever plays now was played progressively.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __audioStarts: { count: number } }).__audioStarts.count),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('audio-playback')).toHaveAttribute('data-played', '0');
  const released = await fetch(`${openAiServerURL()}/__release-audio`, { method: 'POST' });
  expect(released.status).toBe(200);
  // With the tail, the clip plays to its end.
  await expect(page.getByTestId('audio-playback')).not.toHaveAttribute('data-played', '0');
});
