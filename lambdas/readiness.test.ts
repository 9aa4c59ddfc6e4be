import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import {
  capabilityStatesOf,
  openAiSettings,
  readinessOf,
  readinessTable,
  type Registered,
} from './readiness';

// The readiness table, one test per rule. `registered` is what this process has: a Lambda has no embedded engine;
// the local cloud registers stt (the recogniser behind its relay), tts, analysis, vision and billing.
const lambda: Registered = () => false;
const localCloud: Registered = (capability) => capability !== 'translate';

const OPENAI_SERVER = { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' };
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test',
  STRIPE_WEBHOOK_SECRET: 'whsec',
  STRIPE_PRICE_ID: 'price',
  APP_URL: 'https://app.example',
};

const of = (
  environment: Record<string, string>,
  capability: Parameters<typeof readinessOf>[1],
  registered = lambda,
) => readinessOf(loadConfig(environment), capability, registered);

describe('readiness table', () => {
  it('an OpenAI-compatible capability needs a key or a base URL, and its own model', () => {
    expect(openAiSettings(loadConfig({ OPENAI_API_KEY: 'sk' }), 'translate')).toBeUndefined();
    expect(openAiSettings(loadConfig({ OPENAI_MODEL_TRANSLATE: 'm' }), 'translate')).toBeUndefined();
    expect(
      openAiSettings(loadConfig({ ...OPENAI_SERVER, OPENAI_MODEL_TRANSLATE: 'm' }), 'translate'),
    ).toEqual({
      apiKey: undefined,
      baseURL: OPENAI_SERVER.OPENAI_BASE_URL,
      model: 'm',
    });
    expect(
      openAiSettings(loadConfig({ ...OPENAI_SERVER, OPENAI_MODEL_TRANSLATE: 'm' }), 'analysis'),
    ).toBeUndefined();
  });

  it('stt: cloud is ready with a Deepgram key, unavailable without; the embedded recogniser only where registered', () => {
    expect(of({ DEEPGRAM_API_KEY: 'dg' }, 'stt')).toEqual({ engine: 'cloud', readiness: 'ready' });
    expect(of({ STT_ENGINE: 'cloud' }, 'stt')).toMatchObject({ engine: 'cloud', readiness: 'unavailable' });
    expect(of({}, 'stt', localCloud)).toEqual({ engine: 'embedded', readiness: 'ready' });
    expect(of({}, 'stt', lambda)).toEqual({
      engine: 'embedded',
      readiness: 'unavailable',
      reason: expect.stringMatching(/STT_ENGINE=cloud/),
    });
  });

  it('translate: cloud is ready with a server and a model; no embedded engine exists, even in the local cloud', () => {
    expect(of({ ...OPENAI_SERVER, OPENAI_MODEL_TRANSLATE: 'm' }, 'translate')).toEqual({
      engine: 'cloud',
      readiness: 'ready',
    });
    expect(of({ TRANSLATE_ENGINE: 'cloud', OPENAI_MODEL_TRANSLATE: 'm' }, 'translate')).toMatchObject({
      engine: 'cloud',
      readiness: 'unavailable',
    });
    expect(of({}, 'translate', localCloud)).toMatchObject({
      engine: 'embedded',
      readiness: 'unavailable',
      reason: expect.stringMatching(/OPENAI_API_KEY/),
    });
  });

  it('tts: cloud is ready with OpenAI speech (every language), degraded with Aura alone, unavailable with neither', () => {
    expect(of({ OPENAI_API_KEY: 'sk', OPENAI_MODEL_TTS: 'm' }, 'tts')).toEqual({
      engine: 'cloud',
      readiness: 'ready',
    });
    expect(of({ DEEPGRAM_API_KEY: 'dg' }, 'tts')).toMatchObject({
      engine: 'cloud',
      readiness: 'degraded',
      reason: expect.stringMatching(/other than English and Spanish/),
    });
    expect(of({ TTS_ENGINE: 'cloud' }, 'tts')).toMatchObject({ engine: 'cloud', readiness: 'unavailable' });
  });

  it('tts: a base URL and a speech model are ready when pinned, but do not choose the cloud on their own', () => {
    const server = { ...OPENAI_SERVER, OPENAI_MODEL_TTS: 'm' };
    expect(of(server, 'tts', localCloud)).toEqual({ engine: 'embedded', readiness: 'ready' });
    expect(of({ ...server, TTS_ENGINE: 'cloud' }, 'tts')).toEqual({ engine: 'cloud', readiness: 'ready' });
  });

  it('analysis and vision: cloud is ready with a server and their own model, unavailable without it', () => {
    for (const [capability, model] of [
      ['analysis', 'OPENAI_MODEL_ANALYSIS'],
      ['vision', 'OPENAI_MODEL_VISION'],
    ] as const) {
      expect(of({ OPENAI_API_KEY: 'sk', [model]: 'm' }, capability)).toEqual({
        engine: 'cloud',
        readiness: 'ready',
      });
      expect(
        of({ OPENAI_API_KEY: 'sk', [`${capability.toUpperCase()}_ENGINE`]: 'cloud' }, capability),
      ).toMatchObject({
        engine: 'cloud',
        readiness: 'unavailable',
        reason: expect.stringContaining(model),
      });
    }
  });

  it('a registered embedded engine is ready only where the local cloud registered it', () => {
    for (const capability of ['tts', 'analysis', 'vision', 'billing'] as const) {
      expect(of({}, capability, localCloud)).toEqual({ engine: 'embedded', readiness: 'ready' });
      expect(of({}, capability, lambda)).toMatchObject({
        engine: 'embedded',
        readiness: 'unavailable',
        reason: expect.stringMatching(/runs only in the local cloud/),
      });
    }
  });

  it('billing: a Stripe key chooses the cloud, which is ready only with the webhook secret, price and app URL', () => {
    expect(of(STRIPE, 'billing')).toEqual({ engine: 'cloud', readiness: 'ready' });
    expect(of({ STRIPE_SECRET_KEY: 'sk_test' }, 'billing')).toMatchObject({
      engine: 'cloud',
      readiness: 'unavailable',
      reason: expect.stringMatching(/STRIPE_WEBHOOK_SECRET/),
    });
  });

  it('the API names the serving engine (degraded still serves) and says unavailable otherwise', () => {
    const table = readinessTable(loadConfig({ DEEPGRAM_API_KEY: 'dg' }), lambda);
    expect(capabilityStatesOf(table)).toEqual({
      stt: 'cloud',
      translate: 'unavailable',
      tts: 'cloud',
      analysis: 'unavailable',
      vision: 'unavailable',
    });
  });
});
