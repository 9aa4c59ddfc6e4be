import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { fakeMicrophone } from './support/fake-microphone';
import { startLocalServer, type LocalServer } from './support/local-server';
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleProcess,
} from './support/openai-compatible-server';
import { OWN_SERVER_PROJECT } from './support/own-local-server';

// Two shared cores, a speech model and two local clouds: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 30_000 });

// "I need a doctor near the Eiffel Tower." (flite, voice slt), translated into French and read by the cloud
// voice of the OpenAI-compatible test server, which holds back the last chunk of every speech response until
// told that playback has begun (issue 25: cloud voices play as they arrive, not after the whole file).
test.use({ launchOptions: fakeMicrophone('speech-doctor-slt.wav') });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let openAi: OpenAiCompatibleProcess | undefined;
let local: LocalServer | undefined;

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== OWN_SERVER_PROJECT) return;
  test.setTimeout(180_000);
  openAi = await startOpenAiCompatibleServer(0, ['--hold-audio-tail', '--tone-seconds', '2']);
  local = await startLocalServer({
    OPENAI_API_KEY: 'sk-local-test',
    OPENAI_MODEL_TRANSLATE: 'test-translate',
    OPENAI_MODEL_TTS: 'test-tts',
    OPENAI_BASE_URL: `${openAi.url}/v1`,
    TTS_ENGINE: 'cloud',
    ANALYSIS_ENGINE: 'embedded',
  });
});
test.afterAll(async () => {
  await local?.stop();
  await openAi?.stop();
});

test('a cloud voice starts playing before its response has fully arrived', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== OWN_SERVER_PROJECT, 'own servers: runs once');
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
  await page.goto(`${local!.baseURL}/`);
  const toggle = page.getByTestId('translation-switch');
  await expect(toggle).toHaveAttribute('data-available', 'true');
  await toggle.click();
  await page.getByTestId('language-picker-trigger').click();
  await page.locator('[data-testid="language-option"][data-lang="fr"]').click();
  await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'fr');

  const speechResponse = page.waitForResponse((response) => response.url().includes('/api/tts/openai'));
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('transcript-original')).toContainText(/doctor/i, { timeout: 60_000 });
  expect((await speechResponse).status()).toBe(200);

  // The tail is still held back by the server (it sends it only after a release, even if it has not reached it
  // yet): whatever plays now was played progressively.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __audioStarts: { count: number } }).__audioStarts.count),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('audio-playback')).toHaveAttribute('data-played', '0');
  const released = await fetch(`${openAi!.url}/__release-audio`, { method: 'POST' });
  expect(released.status).toBe(200);
  // With the tail, the clip plays to its end.
  await expect(page.getByTestId('audio-playback')).not.toHaveAttribute('data-played', '0');
});
