import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import {
  EngineUnavailableError,
  getAnalyzer,
  getBilling,
  getSpeaker,
  getSpeechRecognizer,
  getVision,
  registeredEngine,
  registerEmbeddedEngines,
  resetProviders,
} from './providers';
import type { Translator } from './ports/translate';
import { CapabilityUnavailableError } from './http/errors';

afterEach(() => {
  vi.unstubAllEnvs();
  resetProviders();
});

describe('composition root', () => {
  it('reads the environment on first use, not at import: a variable set after import is seen', async () => {
    vi.stubEnv('STT_ENGINE', 'cloud');
    vi.stubEnv('DEEPGRAM_API_KEY', '');
    resetProviders();

    const recognizer = await getSpeechRecognizer();

    await expect(recognizer.ready()).rejects.toMatchObject({
      reason: expect.stringContaining('STT_ENGINE=cloud needs DEEPGRAM_API_KEY'),
    });
  });

  it('a recogniser that cannot serve closes each stream at once with 1011, saying nothing more', async () => {
    vi.stubEnv('STT_ENGINE', 'embedded');
    resetProviders();
    const recognizer = await getSpeechRecognizer();
    const closed = await new Promise<number>((resolve) =>
      recognizer.open(new URLSearchParams(), { message: () => undefined, closed: (code) => resolve(code) }),
    );
    expect(closed).toBe(1011);
    await expect(recognizer.ready()).rejects.toMatchObject({
      reason: expect.stringMatching(/STT_ENGINE=cloud/),
    });
  });

  it('refuses an embedded engine nobody registered (a Lambda), naming the setting to change', () => {
    const translate = registeredEngine('translate');

    expect(() => translate(loadConfig({}))).toThrow(EngineUnavailableError);
    expect(() => translate(loadConfig({}))).toThrow(
      expect.objectContaining({ reason: expect.stringMatching(/TRANSLATE_ENGINE=cloud/) }),
    );
  });

  it('builds the embedded engine the local cloud registered', () => {
    const translator: Translator = { available: true, translate: async function* () {} };
    registerEmbeddedEngines({ translate: () => translator });

    expect(registeredEngine('translate')(loadConfig({}))).toBe(translator);
  });

  it('a stand-in whose engine cannot serve refuses with CapabilityUnavailable and its capability key', async () => {
    vi.stubEnv('BILLING_ENGINE', 'cloud');
    vi.stubEnv('ANALYSIS_ENGINE', 'cloud');
    vi.stubEnv('VISION_ENGINE', 'cloud');
    vi.stubEnv('TTS_ENGINE', 'cloud');
    resetProviders();
    const refusals = [
      async () =>
        (await getBilling()).createCheckoutSession({ email: 'a@example.com', sub: 'sub-1' } as never),
      async () => (await getAnalyzer()).prices('8 euros'),
      async () => (await getVision()).readImage({} as never),
      async () =>
        (await getSpeaker()).speak({ text: 'Hello', language: 'en', provider: 'deepgram' } as never),
    ];
    const keys = [
      'error_payments_unavailable',
      'analysis_failed',
      'photo_error_translation_failed',
      'error_speech_failed',
    ];
    for (const [index, refusal] of refusals.entries()) {
      const error = await refusal().catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(CapabilityUnavailableError);
      expect(error).toMatchObject({ statusCode: 503, message: keys[index] });
    }
  });
});
