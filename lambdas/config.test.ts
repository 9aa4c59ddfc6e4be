import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENT_BUS_NAME } from '@wayfarer/shared/events';
import { ConfigError, envSchema, loadConfig, providerSummary } from './config';

describe('loadConfig', () => {
  it('fills defaults from an empty environment and runs every capability embedded', () => {
    const config = loadConfig({});

    expect(config.TABLE_NAME).toBe('wayfarer');
    expect(config.EVENT_BUS_NAME).toBe(EVENT_BUS_NAME);
    expect(config.AWS_REGION).toBe('us-east-1');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.ANON_DAILY_SECONDS).toBeGreaterThan(0);
    expect(config.USER_DAILY_SECONDS).toBeGreaterThan(0);
    expect(config.OPENAI_API_KEY).toBeUndefined();
    expect(providerSummary(config)).toEqual({
      stt: 'embedded',
      translate: 'embedded',
      tts: 'embedded',
      analysis: 'embedded',
      vision: 'embedded',
      billing: 'embedded',
    });
  });

  it('chooses cloud for a capability whose key is set, unless the engine is pinned', () => {
    const config = loadConfig({
      DEEPGRAM_API_KEY: 'dg',
      OPENAI_API_KEY: 'sk',
      OPENAI_MODEL_TRANSLATE: 'translate-model',
      OPENAI_MODEL_ANALYSIS: 'analysis-model',
      OPENAI_MODEL_VISION: 'vision-model',
      STRIPE_SECRET_KEY: 'sk_test',
      ANALYSIS_ENGINE: 'embedded',
    });

    expect(providerSummary(config)).toEqual({
      stt: 'cloud',
      translate: 'cloud',
      tts: 'cloud',
      analysis: 'embedded',
      vision: 'cloud',
      billing: 'cloud',
    });
  });

  it('treats an OpenAI-compatible base URL with a translation model as a cloud translator', () => {
    const config = loadConfig({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL_TRANSLATE: 'a-local-model',
    });

    expect(config.engines.translate).toBe('cloud');
    expect(config.engines.stt).toBe('embedded');
  });

  it('keeps a capability embedded while its model is unnamed, so a translation server takes nothing else', () => {
    const config = loadConfig({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL_TRANSLATE: 'a-local-model',
    });

    expect(config.engines).toMatchObject({ analysis: 'embedded', vision: 'embedded', tts: 'embedded' });
    expect(loadConfig({ OPENAI_API_KEY: 'sk' }).engines).toMatchObject({
      translate: 'embedded',
      tts: 'embedded',
      analysis: 'embedded',
      vision: 'embedded',
    });
  });

  it('treats blank variables as unset and parses numbers', () => {
    const config = loadConfig({ OPENAI_API_KEY: '  ', ANON_DAILY_SECONDS: '120', LOG_LEVEL: 'DEBUG' });

    expect(config.OPENAI_API_KEY).toBeUndefined();
    expect(config.ANON_DAILY_SECONDS).toBe(120);
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it('names the bad variable in its error', () => {
    expect(() => loadConfig({ ANON_DAILY_SECONDS: 'ten minutes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ANON_DAILY_SECONDS: '1.5' })).toThrow(/ANON_DAILY_SECONDS/);
    expect(() => loadConfig({ STT_ENGINE: 'gpu' })).toThrow(/STT_ENGINE: Must be cloud or embedded/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  it('returns a frozen config', () => {
    const config = loadConfig({});

    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.engines)).toBe(true);
  });

  it('exports the variable names for the stacks that set them', () => {
    expect(Object.keys(envSchema.shape)).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'EVENT_BUS_NAME',
        'COGNITO_USER_POOL_ID',
        'STT_ENGINE',
        'LOG_LEVEL',
      ]),
    );
  });
});

describe('the environment boundary', () => {
  it('is crossed only by config.ts among the Lambda modules', () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const readers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !file.split(/[\\/]/).some((part) => part === 'node_modules' || part === '.tsbuild'))
      // The test servers' command-line entry points (testing/) are no Lambda module: they run beside the app.
      .filter((file) => !file.startsWith('testing'))
      .filter((file) => /process\.env\b/.test(readFileSync(`${root}/${file}`, 'utf8')));

    expect(readers).toEqual(['config.ts']);
  });
});
