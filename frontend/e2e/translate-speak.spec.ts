import { expect as baseExpect } from '@playwright/test';
import { LIVE, test } from './support/traveller';
import { fakeMedia } from './support/fake-microphone';
import { BROWSER_ARGS } from './support/browser';
import { SCRIPT, secondServerAppOrigin, onSecondServer } from './support/second-server';
import { subscribeFresh } from './support/subscriber';

// Two shared cores and two local clouds: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 20_000 });

// On the suite's second local cloud: the scripted Deepgram server hears "Where is the train station?" in the
// microphone's audio, translation goes to the protocol-faithful OpenAI-compatible server through the real openai
// SDK adapter, and so does the French voice. Without the config's autoplay exemption, so speech must play under
// Chromium's default autoplay policy. It cannot show iOS Safari's stricter rule (unlock inside the press):
// Chromium lets a page that was clicked start audio later, with or without the app's unlock (checked by removing
// it). The embedded voice streams the same WAV to the same player (infra/local/embedded-tts-route.int.test.ts
// proves its route).
test.use({
  microphone: 'speech-doctor-slt.wav',
  // A browser of its own (its worker's): launch flags are the worker's.
  launchOptions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) =>
      provide(
        fakeMedia(
          workerInfo.parallelIndex,
          BROWSER_ARGS.filter((argument) => !argument.startsWith('--autoplay-policy')),
        ),
      ),
    { scope: 'worker' },
  ],
});
test.describe.configure({ timeout: 120_000 });
onSecondServer();

test('a spoken sentence is translated live, read aloud, and the conversation listens again', async ({
  page,
}) => {
  // A subscriber: the second cloud's anonymous allowance is a few seconds.
  await subscribeFresh(page, secondServerAppOrigin());
  await page.goto(`${secondServerAppOrigin()}/`);
  const toggle = page.getByTestId('translation-switch');
  await expect(toggle).toHaveAttribute('data-available', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-checked', 'true');

  // French is spoken by the "openai" provider (docs/SPEC.md §5), which the test server serves.
  await page.getByTestId('language-picker-trigger').click();
  await page.locator('[data-testid="language-option"][data-lang="fr"]').click();
  await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'fr');

  const badge = page.getByTestId('status-badge');
  const translateResponse = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
  const speechResponse = page.waitForResponse((response) => response.url().includes('/api/tts/openai'));
  await page.getByTestId('main-button').click();
  // Live: audio captured while the ticket and socket were on their way is sent on at once, so on a loaded machine
  // the first status after Permission pending can already be transcribing (docs/E2E.md, Fake microphone).
  await expect(badge).toHaveAttribute('data-status', LIVE);
  await expect(page.getByTestId('transcript-original')).toContainText(SCRIPT[0].text, { timeout: 30_000 });

  expect((await translateResponse).status()).toBe(200);
  // The test server's phrase table: "Où est la gare ?".
  await expect(page.getByTestId('transcript-translation')).toContainText('Où est la gare');
  await expect(page.getByTestId('transcript-translation')).toHaveAttribute('lang', 'fr');
  expect((await speechResponse).status()).toBe(200);

  // A clip played to its `ended`, and the conversation went back to listening.
  await expect(page.getByTestId('audio-playback')).not.toHaveAttribute('data-played', '0', {
    timeout: 30_000,
  });
  await expect(badge).toHaveAttribute('data-status', 'recording');
  await page.getByTestId('main-button').click();
  await expect(badge).toHaveAttribute('data-status', 'stopped');
});
