import { describe, expect, it } from 'vitest';
import { SUPPORTED_UI_LANGUAGES } from '../lib/ui-constants';

type LocaleFile = Record<string, unknown>;

const files = import.meta.glob<LocaleFile>('../../../locales/*/translation.json', {
  eager: true,
  import: 'default',
});

function localeOf(path: string): string {
  return path.split('/').at(-2) ?? path;
}

const locales = new Map(Object.entries(files).map(([path, content]) => [localeOf(path), content]));
const english = locales.get('en') ?? {};

// Names that stay the same in every language.
const sameInEveryLanguage = new Set(['app_title', 'history_export_md', 'history_export_csv']);
// Words a language spells as English does ("Hotel" in German and Spanish).
const sameAsEnglishIn: Readonly<Record<string, ReadonlySet<string>>> = {
  fr: new Set(['location_type_restaurant', 'history_export_format']),
  es: new Set([
    'facility_type_hospital',
    'location_type_hotel',
    'location_gps',
    'location_link_encyclopedia',
  ]),
  de: new Set([
    'history_export_format',
    'voice_engine_server',
    'location_gps',
    'location_link_encyclopedia',
    'location_type_restaurant',
    'location_type_hotel',
    'location_type_museum',
  ]),
};

function interpolationVariables(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale files', () => {
  it('exist for every supported interface language', () => {
    expect([...locales.keys()].sort()).toEqual([...SUPPORTED_UI_LANGUAGES].sort());
  });

  it('hold only non-empty strings in English', () => {
    for (const [key, value] of Object.entries(english)) {
      expect(typeof value === 'string' && value.trim() !== '', `en: ${key}`).toBe(true);
    }
  });

  for (const [locale, translation] of locales) {
    if (locale === 'en') continue;

    describe(locale, () => {
      it('has exactly the keys of en', () => {
        expect(Object.keys(translation).sort()).toEqual(Object.keys(english).sort());
      });

      it('uses the same {{variables}} as en in every string', () => {
        for (const [key, value] of Object.entries(english)) {
          expect(interpolationVariables(translation[key]), `${locale}: ${key}`).toEqual(
            interpolationVariables(value),
          );
        }
      });

      it('translates every string (non-empty, not left in English)', () => {
        for (const [key, value] of Object.entries(english)) {
          const translated = translation[key];
          expect(
            typeof translated === 'string' && translated.trim() !== '',
            `${locale}: ${key} is empty`,
          ).toBe(true);
          if (!sameInEveryLanguage.has(key) && !sameAsEnglishIn[locale]?.has(key))
            expect(translated, `${locale}: ${key} is still English`).not.toBe(value);
        }
      });
    });
  }
});
