import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { fakeMicrophone } from './support/fake-microphone';
import { startLocalServer, type LocalServer } from './support/local-server';
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleProcess,
} from './support/openai-compatible-server';
import { OWN_SERVER_PROJECT } from './support/own-local-server';

// Two shared cores, a speech model and two local clouds: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 20_000 });

// "I need a doctor near the Eiffel Tower." (flite, voice slt). Translation goes to the protocol-faithful
// OpenAI-compatible server the test starts, through the real openai SDK adapter of the local cloud.
// Without the config's autoplay exemption, so speech must play under Chromium's default autoplay policy. It
// cannot show iOS Safari's stricter rule (unlock inside the press): Chromium lets a page that was clicked
// start audio later, with or without the app's unlock (checked by removing it).
const microphone = fakeMicrophone('speech-doctor-slt.wav');
test.use({
  launchOptions: {
    ...microphone,
    args: microphone.args?.filter((argument) => !argument.startsWith('--autoplay-policy')),
  },
});
test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The fake server's models: names only, the server answers any. */
const OPENAI_ENV = {
  OPENAI_API_KEY: 'sk-local-test',
  OPENAI_MODEL_TRANSLATE: 'test-translate',
  OPENAI_MODEL_TTS: 'test-tts',
};

function withServers(speech: Record<string, string>): () => string {
  let openAi: OpenAiCompatibleProcess | undefined;
  let local: LocalServer | undefined;
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== OWN_SERVER_PROJECT) return;
    test.setTimeout(180_000);
    openAi = await startOpenAiCompatibleServer();
    local = await startLocalServer({
      ...OPENAI_ENV,
      ...speech,
      OPENAI_BASE_URL: `${openAi.url}/v1`,
      // Analysis stays on the embedded analyser: this spec is about translation and speech.
      ANALYSIS_ENGINE: 'embedded',
    });
  });
  test.afterAll(async () => {
    await local?.stop();
    await openAi?.stop();
  });
  return () => {
    if (!local) throw new Error('The own local server runs on the desktop project only');
    return local.baseURL;
  };
}

async function speakAndHearTranslation(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/`);
  const toggle = page.getByTestId('translation-switch');
  await expect(toggle).toHaveAttribute('data-available', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-checked', 'true');

  // French is spoken by the "openai" provider (docs/SPEC.md §5), which the fake server serves.
  await page.getByTestId('language-picker-trigger').click();
  await page.locator('[data-testid="language-option"][data-lang="fr"]').click();
  await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'fr');

  const badge = page.getByTestId('status-badge');
  const translateResponse = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
  const speechResponse = page.waitForResponse((response) => response.url().includes('/api/tts/openai'));
  await page.getByTestId('main-button').click();
  await expect(badge).toHaveAttribute('data-status', 'recording');
  await expect(page.getByTestId('transcript-original')).toContainText(/doctor/i, { timeout: 30_000 });

  expect((await translateResponse).status()).toBe(200);
  // The phrase table's French, or its marked fallback when the recogniser misheard a word.
  await expect(page.getByTestId('transcript-translation')).toContainText(/médecin|\[fr\]/);
  await expect(page.getByTestId('transcript-translation')).toHaveAttribute('lang', 'fr');
  expect((await speechResponse).status()).toBe(200);

  // A clip played to its `ended`, and the conversation went back to listening.
  await expect(page.getByTestId('audio-playback')).not.toHaveAttribute('data-played', '0', {
    timeout: 30_000,
  });
  await expect(badge).toHaveAttribute('data-status', 'recording');
  await page.getByTestId('main-button').click();
  await expect(badge).toHaveAttribute('data-status', 'stopped');
}

test.describe('speech from the OpenAI-compatible server', () => {
  const baseURL = withServers({});

  test('a spoken sentence is translated live, read aloud, and the conversation listens again', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== OWN_SERVER_PROJECT, 'own servers: runs once');
    await speakAndHearTranslation(page, baseURL());
  });
});

test.describe('speech from the embedded engine', () => {
  const baseURL = withServers({ TTS_ENGINE: 'embedded' });

  test('a spoken sentence is translated live, read aloud by espeak-ng, and the conversation listens again', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== OWN_SERVER_PROJECT, 'own servers: runs once');
    await speakAndHearTranslation(page, baseURL());
  });
});
