import { describe, expect, it } from 'vitest';
import { FALLBACK_SUGGESTION_LANGUAGES } from '../constants';
import {
  addRecentLanguage,
  COUNTRY_LANGUAGES,
  currencyForLanguage,
  findLanguage,
  LANGUAGE_CODES,
  LANGUAGES,
  languageForCountry,
  languagePart,
  parseRecentLanguages,
  removeRecentLanguage,
  suggestLanguages,
  ttsProviderForLanguage,
} from './languages';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));

describe('language options', () => {
  it('offers 58 languages with unique codes', () => {
    expect(LANGUAGES).toHaveLength(58);
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGES.length);
  });

  it('maps the examples of docs/SPEC.md §3 to their country and currency', () => {
    expect(findLanguage('en')).toMatchObject({ countryCode: 'GB', currency: 'GBP' });
    expect(findLanguage('de')).toMatchObject({ countryCode: 'DE', currency: 'EUR' });
    expect(findLanguage('ja')).toMatchObject({ countryCode: 'JP', currency: 'JPY' });
    expect(findLanguage('zh')).toMatchObject({ countryCode: 'CN', currency: 'CNY' });
  });

  it('uses two-letter lower-case language codes', () => {
    for (const option of LANGUAGES) expect(option.value).toMatch(/^[a-z]{2}$/);
  });

  it('uses real ISO 3166 country codes', () => {
    for (const option of LANGUAGES) expect(regionNames.of(option.countryCode), option.value).toBeDefined();
  });

  it('uses real ISO 4217 currency codes', () => {
    for (const option of LANGUAGES) expect(knownCurrencies.has(option.currency), option.value).toBe(true);
  });

  it('names every language in English and in itself', () => {
    for (const option of LANGUAGES) {
      expect(option.englishName.trim(), option.value).not.toBe('');
      expect(option.nativeName.trim(), option.value).not.toBe('');
    }
  });

  it('marks the right-to-left scripts', () => {
    const rtl = LANGUAGES.filter((option) => option.direction === 'rtl').map((option) => option.value);
    expect(rtl.sort()).toEqual(['ar', 'fa', 'he', 'ur']);
  });
});

describe('languagePart', () => {
  it('keeps only the lower-cased language of a tag', () => {
    expect(languagePart('en-US')).toBe('en');
    expect(languagePart('PT_br')).toBe('pt');
  });

  it('maps legacy and macro-language codes to the listed language', () => {
    expect(languagePart('nb-NO')).toBe('no');
    expect(languagePart('fil')).toBe('tl');
    expect(languagePart('iw')).toBe('he');
  });
});

describe('currencyForLanguage', () => {
  it('returns the currency of the language', () => {
    expect(currencyForLanguage('ja')).toBe('JPY');
  });

  it('falls back to USD for an unknown language', () => {
    expect(currencyForLanguage('xx')).toBe('USD');
    expect(currencyForLanguage('')).toBe('USD');
  });
});

describe('ttsProviderForLanguage', () => {
  it('uses deepgram for en and es', () => {
    expect(ttsProviderForLanguage('en')).toBe('deepgram');
    expect(ttsProviderForLanguage('es')).toBe('deepgram');
  });

  it('uses openai for every other language', () => {
    expect(ttsProviderForLanguage('fr')).toBe('openai');
    expect(ttsProviderForLanguage('ja')).toBe('openai');
  });
});

describe('recent languages', () => {
  it('puts the chosen language first', () => {
    expect(addRecentLanguage(['fr', 'de'], 'ja')).toEqual(['ja', 'fr', 'de']);
  });

  it('keeps no duplicates', () => {
    expect(addRecentLanguage(['fr', 'de', 'ja'], 'de')).toEqual(['de', 'fr', 'ja']);
  });

  it('keeps at most 3', () => {
    expect(addRecentLanguage(['fr', 'de', 'ja'], 'it')).toEqual(['it', 'fr', 'de']);
  });

  it('removes a language on request', () => {
    expect(removeRecentLanguage(['fr', 'de', 'ja'], 'de')).toEqual(['fr', 'ja']);
  });

  it('reads only a valid list back from storage', () => {
    expect(parseRecentLanguages(['fr', 'fr', 'xx', 3, 'de', 'ja', 'it'])).toEqual(['fr', 'de', 'ja']);
    expect(parseRecentLanguages('fr')).toEqual([]);
    expect(parseRecentLanguages(null)).toEqual([]);
  });
});

describe('country to language table', () => {
  it('covers every ISO 3166 country', () => {
    expect(Object.keys(COUNTRY_LANGUAGES).length).toBeGreaterThanOrEqual(249);
    for (const country of Object.keys(COUNTRY_LANGUAGES)) {
      expect(regionNames.of(country), country).toBeDefined();
    }
  });

  it('maps only to offered languages', () => {
    for (const [country, code] of Object.entries(COUNTRY_LANGUAGES)) {
      expect(LANGUAGE_CODES, country).toContain(code);
    }
  });

  it('maps each language flag country back to that language, except where another language leads there', () => {
    // Spain speaks Spanish to visitors; South Africa, English.
    const sharedFlagCountries: Readonly<Record<string, string>> = { ca: 'es', af: 'en' };
    for (const option of LANGUAGES) {
      expect(COUNTRY_LANGUAGES[option.countryCode], option.value).toBe(
        sharedFlagCountries[option.value] ?? option.value,
      );
    }
  });

  it('ignores the case of the country code and knows nothing of unknown ones', () => {
    expect(languageForCountry('jp')).toBe('ja');
    expect(languageForCountry('ZZ')).toBeUndefined();
  });
});

describe('suggestLanguages', () => {
  it('suggests the browser language first, then the IP country language', () => {
    expect(
      suggestLanguages({ browserLanguage: 'pt-BR', ipCountryCode: 'JP', currentLanguage: 'en' }),
    ).toEqual(['pt', 'ja']);
  });

  it('suggests at most 2', () => {
    expect(suggestLanguages({ browserLanguage: 'de', ipCountryCode: 'FR' })).toHaveLength(2);
  });

  it('never suggests the current language', () => {
    expect(
      suggestLanguages({ browserLanguage: 'ja-JP', ipCountryCode: 'JP', currentLanguage: 'ja' }),
    ).toEqual(['en', 'fr']);
  });

  it('never suggests an unavailable language', () => {
    expect(
      suggestLanguages({
        browserLanguage: 'xx',
        ipCountryCode: 'DE',
        availableLanguages: ['en', 'fr', 'es'],
      }),
    ).toEqual(['en', 'fr']);
  });

  it('counts a language found twice once', () => {
    expect(suggestLanguages({ browserLanguage: 'it', ipCountryCode: 'IT', currentLanguage: 'en' })).toEqual([
      'it',
      'fr',
    ]);
  });

  it('falls back to en, fr, es, de, it in that order', () => {
    expect(FALLBACK_SUGGESTION_LANGUAGES).toEqual(['en', 'fr', 'es', 'de', 'it']);
    expect(suggestLanguages({})).toEqual(['en', 'fr']);
    expect(suggestLanguages({ currentLanguage: 'en', availableLanguages: ['en', 'de', 'it'] })).toEqual([
      'de',
      'it',
    ]);
  });

  it('skips a browser language or country it cannot read', () => {
    expect(suggestLanguages({ browserLanguage: '', ipCountryCode: 'ZZ', currentLanguage: 'fr' })).toEqual([
      'en',
      'es',
    ]);
  });
});
