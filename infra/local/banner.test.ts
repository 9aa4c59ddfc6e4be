import { describe, expect, it } from 'vitest';
import { loadConfig } from '@wayfarer/lambdas/config';
import { readinessTable, type Registered } from '@wayfarer/lambdas/readiness';
import { capabilityLines } from './banner';

// What the local cloud has: the engines engines/register.ts registers (no translator).
const localCloud: Registered = (capability) => capability !== 'translate';
const LOCAL = { IP_HASH_SECRET: 'secret' };

const lineOf = (environment: Record<string, string>, capability: string) =>
  capabilityLines(readinessTable(loadConfig({ ...LOCAL, ...environment }), localCloud)).find((line) =>
    line.startsWith(`  ${capability} `),
  );

describe('start-up banner', () => {
  it('prints one line per capability of the readiness table, billing included, in its order', () => {
    const lines = capabilityLines(readinessTable(loadConfig(LOCAL), localCloud));

    expect(lines.map((line) => line.trim().split(/\s+/)[0])).toEqual([
      'stt',
      'translate',
      'tts',
      'analysis',
      'vision',
      'billing',
    ]);
    expect(lineOf({}, 'tts')).toBe('  tts        embedded');
  });

  it('prints degraded text-to-speech as degraded, with the reason, not as plain cloud', () => {
    expect(lineOf({ DEEPGRAM_API_KEY: 'dg' }, 'tts')).toBe(
      '  tts        cloud, degraded  (Cloud speech for languages other than English and Spanish needs ' +
        'OPENAI_API_KEY with OPENAI_MODEL_TTS)',
    );
    expect(lineOf({ DEEPGRAM_API_KEY: 'dg', OPENAI_API_KEY: 'sk', OPENAI_MODEL_TTS: 'm' }, 'tts')).toBe(
      '  tts        cloud',
    );
  });

  it('prints unavailable with the README hint where there is one, else the table reason', () => {
    expect(lineOf({}, 'translate')).toMatch(
      /^ {2}translate {2}unavailable {2}\(set OPENAI_MODEL_TRANSLATE .*README, Translation and voices\)$/,
    );
    expect(lineOf({ STRIPE_SECRET_KEY: 'sk_test' }, 'billing')).toMatch(
      /^ {2}billing {4}unavailable {2}\(BILLING_ENGINE=cloud needs .*STRIPE_WEBHOOK_SECRET/,
    );
    const inALambda = capabilityLines(readinessTable(loadConfig({}), () => false));
    expect(inALambda[0]).toMatch(/^ {2}stt {8}unavailable {2}\(STT_ENGINE=embedded: that engine runs only in the local cloud/);
  });
});
