import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATE_CHUNK_PREFIX, TRANSLATE_ERROR_PREFIX } from '@wayfarer/shared/api/voice-output';
import {
  ANALYSIS_MESSAGE_KEYS,
  CAPABILITY_UNAVAILABLE_KEYS,
  PHOTO_ERROR_KEYS,
  TRANSLATION_INTERRUPTED,
} from '@wayfarer/shared/domain/error-keys';
import { messageForFailedResponse } from '@wayfarer/shared/domain/error-mapping';
import {
  startOpenAiCompatibleServer,
  type FakeOpenAiServer,
  type ProviderFault,
} from '@wayfarer/lambdas/testing/openai-compatible-server';
import { call, startFaultCloud, type Answer, type FaultCloud } from './fault-cloud';
import { OPENAI_BUDGETS } from '@wayfarer/lambdas/adapters/cloud/openai-client';

// Translation, voices, analysis and photos on their cloud engines, all through the real openai SDK against the
// protocol-faithful server, which is then made to fail: every request answered 500, accepted and never
// answered, or cut mid-stream. What the traveller sees is SPEC §8's mapping of the answer
// (messageForFailedResponse), and the next call after the fault clears works: they can go on.

const PASSWORD = 'Travel!2024x';
const MENU = readFileSync(
  fileURLToPath(new URL('../../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url)),
);
const READ = { originalText: 'Café crème 3,20 €', translatedText: 'White coffee €3.20', prices: [] };

let provider: FakeOpenAiServer;
let fault: FaultCloud;
let token: string;

beforeAll(async () => {
  provider = await startOpenAiCompatibleServer();
  fault = await startFaultCloud({
    OPENAI_BASE_URL: `${provider.url}/v1`,
    OPENAI_MODEL_TRANSLATE: 'translate-model',
    OPENAI_MODEL_ANALYSIS: 'analysis-model',
    OPENAI_MODEL_VISION: 'vision-model',
    OPENAI_MODEL_TTS: 'tts-model',
    TTS_ENGINE: 'cloud',
    ANALYSIS_ENGINE: 'cloud',
    VISION_ENGINE: 'cloud',
  });
  const url = fault.cloud.url;
  const registered = await call(url, 'POST', '/api/auth/register', {
    json: { email: `providers-${Date.now()}@example.com`, password: PASSWORD, confirmPassword: PASSWORD },
  });
  token = (registered.body as { token: string }).token;
  // Photos are for subscribers: through the local checkout, as a traveller subscribes.
  const checkout = await call(url, 'POST', '/api/stripe/create-checkout-session', { token });
  const session =
    new URL((checkout.body as { checkoutUrl: string }).checkoutUrl).searchParams.get('session') ?? '';
  await fetch(new URL('/__local/checkout/pay', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session }).toString(),
    redirect: 'manual',
  });
});

afterAll(async () => {
  await fault?.stop();
  await provider?.close();
});

type Feature = 'translate' | 'tts' | 'analysis' | 'photo';

async function use(feature: Feature): Promise<Answer | Error> {
  const url = fault.cloud.url;
  try {
    switch (feature) {
      case 'translate':
        return await call(url, 'POST', '/api/translate', {
          json: {
            messages: [{ role: 'user', content: 'Where is the train station?' }],
            outputLanguage: 'es',
          },
        });
      case 'tts':
        return await call(url, 'POST', '/api/tts/openai', {
          json: { text: 'Où est la gare ?', language: 'fr', gender: 'female' },
        });
      case 'analysis':
        return await call(url, 'POST', '/api/analysis/prices', {
          json: { text: 'A taxi is 20 euros', targetCurrency: 'USD' },
        });
      case 'photo': {
        const form = new FormData();
        form.append('image', new Blob([MENU], { type: 'image/jpeg' }), 'photo.jpg');
        form.append('targetLanguage', 'en');
        return await call(url, 'POST', '/api/vision/translate-image', { token, body: form });
      }
    }
  } catch (error) {
    // A stream cut mid-body: the fetch of the body fails (what the voice player meets when a clip stops short).
    return error as Error;
  }
}

const PATHS: Record<Feature, string> = {
  translate: '/api/translate',
  tts: '/api/tts/openai',
  analysis: '/api/analysis/prices',
  photo: '/api/vision/translate-image',
};

/** What the traveller's screen says for a failed answer (docs/SPEC.md §8), as the frontend maps it. */
function shown(feature: Feature, answer: Answer): string {
  return messageForFailedResponse({
    status: answer.status,
    body: answer.body,
    bodyReadable: true,
    path: PATHS[feature],
  });
}

/** Each feature used once more with the provider healthy: the traveller goes on. */
async function goesOn(): Promise<void> {
  provider.fault(undefined);
  const translation = await use('translate');
  expect(translation).toMatchObject({ status: 200 });
  expect((translation as Answer).text).toContain(`${TRANSLATE_CHUNK_PREFIX}"¿Dónde"`);
  expect(await use('tts')).toMatchObject({ status: 200 });
  provider.script({ kind: 'reply', content: JSON.stringify({ prices: [] }) });
  expect(await use('analysis')).toMatchObject({ status: 200, body: { convertedPrices: [] } });
  provider.script({ kind: 'reply', content: JSON.stringify(READ) });
  expect(await use('photo')).toMatchObject({ status: 200, body: READ });
}

const FEATURES: readonly Feature[] = ['translate', 'tts', 'analysis', 'photo'];

async function underFault(providerFault: ProviderFault): Promise<Record<Feature, Answer | Error>> {
  provider.fault(providerFault);
  const answers = await Promise.all(FEATURES.map(use));
  return Object.fromEntries(FEATURES.map((feature, index) => [feature, answers[index]])) as Record<
    Feature,
    Answer | Error
  >;
}

function expectMapped(feature: Feature, answer: Answer | Error, message: string): void {
  expect(answer, feature).not.toBeInstanceOf(Error);
  const failed = answer as Answer;
  expect(failed.status, feature).toBe(503);
  expect(failed.headers.get('retry-after'), feature).toMatch(/^\d+$/);
  expect(shown(feature, failed), feature).toBe(message);
}

describe('each provider failing', () => {
  it('answering 5xx: the SDK retries as its budget says, then the traveller sees the feature message of SPEC §8 (503, Retry-After) and can go on', async () => {
    const before = provider.requests.length;
    const answers = await underFault({ kind: 'status', status: 500 });
    // Each client's first attempt and its budget's retries (openai-client.ts), no more.
    const attempts = (feature: Feature) =>
      OPENAI_BUDGETS[feature === 'photo' ? 'vision' : feature].maxRetries + 1;
    expect(provider.requests.length - before).toBe(
      FEATURES.reduce((sum, feature) => sum + attempts(feature), 0),
    );
    expectMapped('translate', answers.translate, CAPABILITY_UNAVAILABLE_KEYS.translate);
    expectMapped('tts', answers.tts, CAPABILITY_UNAVAILABLE_KEYS.tts);
    expectMapped('analysis', answers.analysis, ANALYSIS_MESSAGE_KEYS.pricesFailed);
    expectMapped('photo', answers.photo, PHOTO_ERROR_KEYS.translationFailed);
    await goesOn();
  });

  it('timing out: each client gives up at its own deadline, under the function timeout, and the traveller sees the feature message and can go on', async () => {
    const answers = await underFault({ kind: 'hang' });
    expectMapped('translate', answers.translate, CAPABILITY_UNAVAILABLE_KEYS.translate);
    expectMapped('tts', answers.tts, CAPABILITY_UNAVAILABLE_KEYS.tts);
    expectMapped('analysis', answers.analysis, ANALYSIS_MESSAGE_KEYS.pricesFailed);
    expectMapped('photo', answers.photo, PHOTO_ERROR_KEYS.translationFailed);
    await goesOn();
  });

  it('closing the connection mid-stream: the translation keeps its words and ends with translation_interrupted, the voice stops short, analysis and photo say their message; the traveller can go on', async () => {
    const answers = await underFault({ kind: 'cut', afterChunks: 1 });
    const translation = answers.translate as Answer;
    expect(translation.status).toBe(200);
    const lines = translation.text.trim().split('\n');
    expect(lines[0]).toBe(`${TRANSLATE_CHUNK_PREFIX}"¿Dónde"`);
    expect(lines.at(-1)).toBe(`${TRANSLATE_ERROR_PREFIX}${JSON.stringify(TRANSLATION_INTERRUPTED)}`);
    // The clip started (200) and was cut: the body fails or comes short; never a 500.
    const voice = answers.tts;
    if (!(voice instanceof Error)) expect(voice.status).toBe(200);
    expectMapped('analysis', answers.analysis, ANALYSIS_MESSAGE_KEYS.pricesFailed);
    expectMapped('photo', answers.photo, PHOTO_ERROR_KEYS.translationFailed);
    await goesOn();
  });
});
