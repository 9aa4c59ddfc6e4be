import { describe, expect, it } from 'vitest';
import { TRANSLATED_MESSAGE_KEYS } from '@wayfarer/shared/domain/error-keys';

// A raw key on screen is a bug: every key the code can show must be in every locale, not only in en (the
// typed `t()` checks en alone, and keys that travel through the error catalogue are not typed at all).

type LocaleFile = Record<string, unknown>;

const localeFiles = import.meta.glob<LocaleFile>('../../../locales/*/translation.json', {
  eager: true,
  import: 'default',
});

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Keys written literally in a `t('...')` call anywhere in the frontend. */
function keysInTranslateCalls(): string[] {
  const keys = Object.values(sources).flatMap((text) =>
    [...text.matchAll(/\bt\(\s*(['"])([a-z][a-z0-9_]*)\1/g)].map((match) => match[2] ?? ''),
  );
  return [...new Set(keys)];
}

const referencedKeys = [...new Set([...TRANSLATED_MESSAGE_KEYS, ...keysInTranslateCalls()])].sort();

describe('message keys the code can show', () => {
  it('are collected from the error catalogue and the frontend', () => {
    expect(referencedKeys).toEqual(expect.arrayContaining(['error_usage_limit_reached', 'voice_mute']));
  });

  for (const [path, translation] of Object.entries(localeFiles)) {
    const locale = path.split('/').at(-2) ?? path;
    it(`all exist in ${locale}`, () => {
      const missing = referencedKeys.filter((key) => {
        const value = translation[key];
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing, `${locale} lacks these keys`).toEqual([]);
    });
  }
});
