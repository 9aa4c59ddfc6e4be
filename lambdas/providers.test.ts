import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import {
  EngineUnavailableError,
  getSpeechRecognizer,
  registeredEngine,
  registerEmbeddedEngines,
  resetProviders,
} from './providers';
import type { Translator } from './ports/translate';

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

    await expect(recognizer.ready()).rejects.toThrow('STT_ENGINE=cloud needs DEEPGRAM_API_KEY');
  });

  it('a recogniser that cannot serve closes each stream at once with 1011, saying nothing more', async () => {
    vi.stubEnv('STT_ENGINE', 'embedded');
    resetProviders();
    const recognizer = await getSpeechRecognizer();
    const closed = await new Promise<number>((resolve) =>
      recognizer.open(new URLSearchParams(), { message: () => undefined, closed: (code) => resolve(code) }),
    );
    expect(closed).toBe(1011);
    await expect(recognizer.ready()).rejects.toThrow(/STT_ENGINE=cloud/);
  });

  it('refuses an embedded engine nobody registered (a Lambda), naming the setting to change', () => {
    const translate = registeredEngine('translate');

    expect(() => translate(loadConfig({}))).toThrow(EngineUnavailableError);
    expect(() => translate(loadConfig({}))).toThrow(/TRANSLATE_ENGINE=cloud/);
  });

  it('builds the embedded engine the local cloud registered', () => {
    const translator: Translator = { available: true, translate: async function* () {} };
    registerEmbeddedEngines({ translate: () => translator });

    expect(registeredEngine('translate')(loadConfig({}))).toBe(translator);
  });
});
