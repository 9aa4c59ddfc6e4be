import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { RIGHT_TO_LEFT_UI_LANGUAGES, SUPPORTED_UI_LANGUAGES } from '../lib/ui-constants';

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

// Names that stay the same in every language: the brand and format names.
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
  // Words these languages spell as English does (Home, Password, Status, Hotel, Park…), and the price as Intl
  // writes it ("€9.99") in ja, zh, ko and hi.
  it: new Set([
    'menu_account_page',
    'nav_home',
    'voice_engine_server',
    'auth_password_label',
    'location_gps',
    'location_link_encyclopedia',
    'location_type_hotel',
  ]),
  pt: new Set(['facility_type_hospital', 'location_gps', 'location_type_hotel']),
  nl: new Set([
    'menu_account_page',
    'manage_subscription_status_label',
    'emergency_contact_medical',
    'location_link_encyclopedia',
    'location_type_restaurant',
    'location_type_hotel',
    'location_type_museum',
    'location_type_station',
    'location_type_park',
  ]),
  pl: new Set([
    'location_gps',
    'location_link_encyclopedia',
    'location_type_hotel',
    'location_type_region',
    'location_type_park',
    'history_export_format',
  ]),
  tr: new Set(['location_gps', 'location_type_park']),
  ja: new Set(['subscribe_price']),
  zh: new Set(['subscribe_price']),
  ko: new Set(['subscribe_price', 'location_gps']),
  hi: new Set(['subscribe_price', 'location_gps']),
};

/** The suffixes i18next looks for on a plural key in `locale` (Intl's plural categories: ar has six, ja one). */
function pluralSuffixes(locale: string): string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories.map((category) => `_${category}`);
}

/** en's keys as `locale` must hold them: a plural key (en's `_one`/`_other`) in each of the locale's own forms. */
function keysExpectedIn(locale: string): string[] {
  const englishPlural = pluralSuffixes('en');
  const keys = new Set<string>();
  for (const key of Object.keys(english)) {
    const suffix = englishPlural.find((ending) => key.endsWith(ending));
    const base = suffix ? key.slice(0, -suffix.length) : undefined;
    if (base && englishPlural.every((ending) => `${base}${ending}` in english))
      for (const ending of pluralSuffixes(locale)) keys.add(`${base}${ending}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

/** The English string a locale's key stands for (its plural key's `_other` for forms en lacks). */
function englishOf(key: string): unknown {
  return english[key] ?? english[key.replace(/_(zero|one|two|few|many|other)$/, '_other')];
}

function interpolationVariables(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale files', () => {
  it('exist for every supported interface language, and only for those', () => {
    expect([...locales.keys()].sort()).toEqual([...SUPPORTED_UI_LANGUAGES].sort());
  });

  it('mark right to left exactly the languages i18next writes right to left', () => {
    const rightToLeft = SUPPORTED_UI_LANGUAGES.filter((language) => i18next.dir(language) === 'rtl');
    expect(rightToLeft).toEqual([...RIGHT_TO_LEFT_UI_LANGUAGES]);
  });

  it('hold only non-empty strings in English', () => {
    for (const [key, value] of Object.entries(english)) {
      expect(typeof value === 'string' && value.trim() !== '', `en: ${key}`).toBe(true);
    }
  });

  // Over the supported list, not the files found: a language without its file fails here by name.
  for (const locale of SUPPORTED_UI_LANGUAGES) {
    if (locale === 'en') continue;

    describe(locale, () => {
      const translation = locales.get(locale) ?? {};

      it('has a locales/<language>/translation.json', () => {
        expect(locales.has(locale), `locales/${locale}/translation.json`).toBe(true);
      });

      it('has exactly the keys of en (plural keys in its own plural forms), no more', () => {
        expect(Object.keys(translation).sort()).toEqual(keysExpectedIn(locale));
      });

      it('uses the same {{variables}} and <tags> as en in every string', () => {
        const tags = (text: unknown) =>
          [...String(text).matchAll(/<\/?\w+>/g)].map((match) => match[0]).sort();
        for (const key of keysExpectedIn(locale)) {
          expect(interpolationVariables(translation[key]), `${locale}: ${key}`).toEqual(
            interpolationVariables(englishOf(key)),
          );
          expect(tags(translation[key]), `${locale}: ${key}`).toEqual(tags(englishOf(key)));
        }
      });

      it('translates every string (non-empty; equal to en only on the short allow list)', () => {
        for (const key of keysExpectedIn(locale)) {
          const translated = translation[key];
          expect(
            typeof translated === 'string' && translated.trim() !== '',
            `${locale}: ${key} is empty`,
          ).toBe(true);
          if (!sameInEveryLanguage.has(key) && !sameAsEnglishIn[locale]?.has(key))
            expect(translated, `${locale}: ${key} is still English`).not.toBe(englishOf(key));
        }
      });
    });
  }
});
