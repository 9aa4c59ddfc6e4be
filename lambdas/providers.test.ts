import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import {
  EngineUnavailableError,
  getSpeechKeys,
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

    const keys = await getSpeechKeys();

    await expect(keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 10 })).rejects.toThrow(
      'STT_ENGINE=cloud needs DEEPGRAM_API_KEY',
    );
  });

  it('builds the embedded speech key issuer only as the readiness table allows: with IP_HASH_SECRET', async () => {
    vi.stubEnv('STT_ENGINE', 'embedded');
    vi.stubEnv('IP_HASH_SECRET', '');
    resetProviders();
    const refused = await getSpeechKeys();
    await expect(refused.issue({ leaseId: 'l', subject: 's', ttlSeconds: 10 })).rejects.toThrow(
      'STT_ENGINE=embedded needs IP_HASH_SECRET',
    );

    vi.stubEnv('IP_HASH_SECRET', 'secret');
    resetProviders();
    const keys = await getSpeechKeys();
    const issued = await keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 10, host: '127.0.0.1:8787' });
    expect(issued.key).toMatch(/^wf1\./);
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
