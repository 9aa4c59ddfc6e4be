import { FALLBACK_SUGGESTION_LANGUAGES, LANGUAGE_SUGGESTIONS_MAX, RECENT_LANGUAGES_MAX } from '../constants';

export interface LanguageOption {
  /** ISO 639-1 code; what settings, requests and locale files use. */
  readonly value: string;
  /** ISO 3166-1 alpha-2 code of the country whose flag stands for the language. */
  readonly countryCode: string;
  /** ISO 4217 code of that country's currency: the default target for price conversion. */
  readonly currency: string;
  readonly englishName: string;
  /** The language's name for itself, shown beside the English name in pickers. */
  readonly nativeName: string;
  readonly direction: 'ltr' | 'rtl';
}

function language(
  value: string,
  countryCode: string,
  currency: string,
  englishName: string,
  nativeName: string,
  direction: 'ltr' | 'rtl' = 'ltr',
): LanguageOption {
  return { value, countryCode, currency, englishName, nativeName, direction };
}

/**
 * The output languages offered to travellers (docs/SPEC.md §3: about 58). Each flag country is the one a traveller most
 * associates with the language; its currency is the default target for prices.
 */
export const LANGUAGES: readonly LanguageOption[] = [
  language('en', 'GB', 'GBP', 'English', 'English'),
  language('es', 'ES', 'EUR', 'Spanish', 'Español'),
  language('fr', 'FR', 'EUR', 'French', 'Français'),
  language('de', 'DE', 'EUR', 'German', 'Deutsch'),
  language('it', 'IT', 'EUR', 'Italian', 'Italiano'),
  language('pt', 'PT', 'EUR', 'Portuguese', 'Português'),
  language('nl', 'NL', 'EUR', 'Dutch', 'Nederlands'),
  language('ru', 'RU', 'RUB', 'Russian', 'Русский'),
  language('zh', 'CN', 'CNY', 'Chinese', '中文'),
  language('ja', 'JP', 'JPY', 'Japanese', '日本語'),
  language('ko', 'KR', 'KRW', 'Korean', '한국어'),
  language('ar', 'SA', 'SAR', 'Arabic', 'العربية', 'rtl'),
  language('hi', 'IN', 'INR', 'Hindi', 'हिन्दी'),
  language('tr', 'TR', 'TRY', 'Turkish', 'Türkçe'),
  language('pl', 'PL', 'PLN', 'Polish', 'Polski'),
  language('sv', 'SE', 'SEK', 'Swedish', 'Svenska'),
  language('da', 'DK', 'DKK', 'Danish', 'Dansk'),
  language('no', 'NO', 'NOK', 'Norwegian', 'Norsk'),
  language('fi', 'FI', 'EUR', 'Finnish', 'Suomi'),
  language('el', 'GR', 'EUR', 'Greek', 'Ελληνικά'),
  language('cs', 'CZ', 'CZK', 'Czech', 'Čeština'),
  language('hu', 'HU', 'HUF', 'Hungarian', 'Magyar'),
  language('ro', 'RO', 'RON', 'Romanian', 'Română'),
  // Bulgaria adopted the euro on 1 January 2026.
  language('bg', 'BG', 'EUR', 'Bulgarian', 'Български'),
  language('uk', 'UA', 'UAH', 'Ukrainian', 'Українська'),
  language('he', 'IL', 'ILS', 'Hebrew', 'עברית', 'rtl'),
  language('th', 'TH', 'THB', 'Thai', 'ไทย'),
  language('vi', 'VN', 'VND', 'Vietnamese', 'Tiếng Việt'),
  language('id', 'ID', 'IDR', 'Indonesian', 'Bahasa Indonesia'),
  language('ms', 'MY', 'MYR', 'Malay', 'Bahasa Melayu'),
  language('tl', 'PH', 'PHP', 'Filipino', 'Filipino'),
  language('hr', 'HR', 'EUR', 'Croatian', 'Hrvatski'),
  language('sk', 'SK', 'EUR', 'Slovak', 'Slovenčina'),
  language('sl', 'SI', 'EUR', 'Slovenian', 'Slovenščina'),
  language('sr', 'RS', 'RSD', 'Serbian', 'Српски'),
  language('lt', 'LT', 'EUR', 'Lithuanian', 'Lietuvių'),
  language('lv', 'LV', 'EUR', 'Latvian', 'Latviešu'),
  language('et', 'EE', 'EUR', 'Estonian', 'Eesti'),
  language('is', 'IS', 'ISK', 'Icelandic', 'Íslenska'),
  language('sq', 'AL', 'ALL', 'Albanian', 'Shqip'),
  language('ca', 'ES', 'EUR', 'Catalan', 'Català'),
  language('fa', 'IR', 'IRR', 'Persian', 'فارسی', 'rtl'),
  language('ur', 'PK', 'PKR', 'Urdu', 'اردو', 'rtl'),
  language('bn', 'BD', 'BDT', 'Bengali', 'বাংলা'),
  language('sw', 'KE', 'KES', 'Swahili', 'Kiswahili'),
  language('af', 'ZA', 'ZAR', 'Afrikaans', 'Afrikaans'),
  language('am', 'ET', 'ETB', 'Amharic', 'አማርኛ'),
  language('ne', 'NP', 'NPR', 'Nepali', 'नेपाली'),
  language('si', 'LK', 'LKR', 'Sinhala', 'සිංහල'),
  language('km', 'KH', 'KHR', 'Khmer', 'ខ្មែរ'),
  language('lo', 'LA', 'LAK', 'Lao', 'ລາວ'),
  language('my', 'MM', 'MMK', 'Burmese', 'မြန်မာ'),
  language('mn', 'MN', 'MNT', 'Mongolian', 'Монгол'),
  language('ka', 'GE', 'GEL', 'Georgian', 'ქართული'),
  language('hy', 'AM', 'AMD', 'Armenian', 'Հայերեն'),
  language('az', 'AZ', 'AZN', 'Azerbaijani', 'Azərbaycan'),
  language('kk', 'KZ', 'KZT', 'Kazakh', 'Қазақ'),
  language('uz', 'UZ', 'UZS', 'Uzbek', 'Oʻzbek'),
];

export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((option) => option.value);

/** Prices fall back to US dollars when the language is unknown (docs/SPEC.md §3). */
export const DEFAULT_CURRENCY = 'USD';

const languagesByCode: ReadonlyMap<string, LanguageOption> = new Map(
  LANGUAGES.map((option) => [option.value, option]),
);

// Browsers and older systems still report these codes for languages we list under another one.
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  nb: 'no',
  nn: 'no',
  fil: 'tl',
  iw: 'he',
  in: 'id',
  zsm: 'ms',
};

/** The language part of a tag, lower-cased and de-aliased: "en-US" -> "en", "nb-NO" -> "no", "" -> "". */
export function languagePart(tag: string): string {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return LANGUAGE_ALIASES[primary] ?? primary;
}

export function findLanguage(code: string): LanguageOption | undefined {
  return languagesByCode.get(languagePart(code));
}

export function isAvailableLanguage(code: string): boolean {
  return languagesByCode.has(code);
}

/** The currency a traveller using this language most likely pays in; USD when the language is unknown. */
export function currencyForLanguage(code: string): string {
  return findLanguage(code)?.currency ?? DEFAULT_CURRENCY;
}

// --- Text-to-speech ---------------------------------------------------------------------------------------

export const TTS_PROVIDERS = ['deepgram', 'openai'] as const;
export type TtsProvider = (typeof TTS_PROVIDERS)[number];

// Deepgram's voices speak only these languages; everything else goes to the multilingual provider.
const DEEPGRAM_TTS_LANGUAGES: ReadonlySet<string> = new Set(['en', 'es']);

/** docs/SPEC.md §5: deepgram when the output language is en or es, otherwise openai. */
export function ttsProviderForLanguage(code: string): TtsProvider {
  return DEEPGRAM_TTS_LANGUAGES.has(languagePart(code)) ? 'deepgram' : 'openai';
}

// --- Recent languages -------------------------------------------------------------------------------------

/** docs/SPEC.md §5: the chosen language moves to the front, without duplicates, keeping at most 3. */
export function addRecentLanguage(recent: readonly string[], code: string): string[] {
  return [code, ...recent.filter((existing) => existing !== code)].slice(0, RECENT_LANGUAGES_MAX);
}

export function removeRecentLanguage(recent: readonly string[], code: string): string[] {
  return recent.filter((existing) => existing !== code);
}

/**
 * Reads whatever local storage held (already JSON-parsed) into a valid recent list: strings naming available
 * languages, no duplicates, at most 3. Anything else (old formats, tampering) yields an empty list.
 */
export function parseRecentLanguages(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const valid = stored.filter(
    (item): item is string => typeof item === 'string' && isAvailableLanguage(item),
  );
  return [...new Set(valid)].slice(0, RECENT_LANGUAGES_MAX);
}

// --- Suggestions ------------------------------------------------------------------------------------------

/**
 * The language most useful to a traveller in each country (ISO 3166-1 alpha-2, plus XK for Kosovo, which IP
 * services report). Where the local language is not offered, the country maps to the lingua franca a visitor
 * is most likely to meet there, often English.
 */
// prettier-ignore
export const COUNTRY_LANGUAGES: Readonly<Record<string, string>> = {
  AD: 'ca', AE: 'ar', AF: 'fa', AG: 'en', AI: 'en', AL: 'sq', AM: 'hy', AO: 'pt', AQ: 'en', AR: 'es',
  AS: 'en', AT: 'de', AU: 'en', AW: 'nl', AX: 'sv', AZ: 'az', BA: 'hr', BB: 'en', BD: 'bn', BE: 'nl',
  BF: 'fr', BG: 'bg', BH: 'ar', BI: 'fr', BJ: 'fr', BL: 'fr', BM: 'en', BN: 'ms', BO: 'es', BQ: 'nl',
  BR: 'pt', BS: 'en', BT: 'en', BV: 'no', BW: 'en', BY: 'ru', BZ: 'en', CA: 'en', CC: 'en', CD: 'fr',
  CF: 'fr', CG: 'fr', CH: 'de', CI: 'fr', CK: 'en', CL: 'es', CM: 'fr', CN: 'zh', CO: 'es', CR: 'es',
  CU: 'es', CV: 'pt', CW: 'nl', CX: 'en', CY: 'el', CZ: 'cs', DE: 'de', DJ: 'fr', DK: 'da', DM: 'en',
  DO: 'es', DZ: 'ar', EC: 'es', EE: 'et', EG: 'ar', EH: 'ar', ER: 'en', ES: 'es', ET: 'am', FI: 'fi',
  FJ: 'en', FK: 'en', FM: 'en', FO: 'da', FR: 'fr', GA: 'fr', GB: 'en', GD: 'en', GE: 'ka', GF: 'fr',
  GG: 'en', GH: 'en', GI: 'en', GL: 'da', GM: 'en', GN: 'fr', GP: 'fr', GQ: 'es', GR: 'el', GS: 'en',
  GT: 'es', GU: 'en', GW: 'pt', GY: 'en', HK: 'zh', HM: 'en', HN: 'es', HR: 'hr', HT: 'fr', HU: 'hu',
  ID: 'id', IE: 'en', IL: 'he', IM: 'en', IN: 'hi', IO: 'en', IQ: 'ar', IR: 'fa', IS: 'is', IT: 'it',
  JE: 'en', JM: 'en', JO: 'ar', JP: 'ja', KE: 'sw', KG: 'ru', KH: 'km', KI: 'en', KM: 'fr', KN: 'en',
  KP: 'ko', KR: 'ko', KW: 'ar', KY: 'en', KZ: 'kk', LA: 'lo', LB: 'ar', LC: 'en', LI: 'de', LK: 'si',
  LR: 'en', LS: 'en', LT: 'lt', LU: 'fr', LV: 'lv', LY: 'ar', MA: 'ar', MC: 'fr', MD: 'ro', ME: 'sr',
  MF: 'fr', MG: 'fr', MH: 'en', MK: 'en', ML: 'fr', MM: 'my', MN: 'mn', MO: 'zh', MP: 'en', MQ: 'fr',
  MR: 'ar', MS: 'en', MT: 'en', MU: 'en', MV: 'en', MW: 'en', MX: 'es', MY: 'ms', MZ: 'pt', NA: 'en',
  NC: 'fr', NE: 'fr', NF: 'en', NG: 'en', NI: 'es', NL: 'nl', NO: 'no', NP: 'ne', NR: 'en', NU: 'en',
  NZ: 'en', OM: 'ar', PA: 'es', PE: 'es', PF: 'fr', PG: 'en', PH: 'tl', PK: 'ur', PL: 'pl', PM: 'fr',
  PN: 'en', PR: 'es', PS: 'ar', PT: 'pt', PW: 'en', PY: 'es', QA: 'ar', RE: 'fr', RO: 'ro', RS: 'sr',
  RU: 'ru', RW: 'en', SA: 'ar', SB: 'en', SC: 'en', SD: 'ar', SE: 'sv', SG: 'en', SH: 'en', SI: 'sl',
  SJ: 'no', SK: 'sk', SL: 'en', SM: 'it', SN: 'fr', SO: 'ar', SR: 'nl', SS: 'en', ST: 'pt', SV: 'es',
  SX: 'nl', SY: 'ar', SZ: 'en', TC: 'en', TD: 'fr', TF: 'fr', TG: 'fr', TH: 'th', TJ: 'ru', TK: 'en',
  TL: 'pt', TM: 'ru', TN: 'ar', TO: 'en', TR: 'tr', TT: 'en', TV: 'en', TW: 'zh', TZ: 'sw', UA: 'uk',
  UG: 'en', UM: 'en', US: 'en', UY: 'es', UZ: 'uz', VA: 'it', VC: 'en', VE: 'es', VG: 'en', VI: 'en',
  VN: 'vi', VU: 'en', WF: 'fr', WS: 'en', XK: 'sq', YE: 'ar', YT: 'fr', ZA: 'en', ZM: 'en', ZW: 'en',
};

/** The language mapped from an IP-detected country code (any case); undefined when the country is unknown. */
export function languageForCountry(countryCode: string): string | undefined {
  return COUNTRY_LANGUAGES[countryCode.trim().toUpperCase()];
}

export interface SuggestionInput {
  /** The browser's language tag (navigator.language), e.g. "pt-BR". */
  readonly browserLanguage?: string | null;
  /** ISO country code from the IP-location lookup, when it answered in time. */
  readonly ipCountryCode?: string | null;
  /** The output language already selected; never suggested. */
  readonly currentLanguage?: string | null;
  /** Languages that may be suggested; defaults to every offered language. */
  readonly availableLanguages?: readonly string[];
}

/**
 * docs/SPEC.md §5: at most 2 suggestions, tried in order: the browser language, the language of the IP country, then
 * en, fr, es, de, it. A candidate must be available and not the current language; duplicates count once.
 */
export function suggestLanguages(input: SuggestionInput): string[] {
  const available = new Set(input.availableLanguages ?? LANGUAGE_CODES);
  const current = input.currentLanguage ? languagePart(input.currentLanguage) : undefined;
  const candidates = [
    input.browserLanguage ? languagePart(input.browserLanguage) : undefined,
    input.ipCountryCode ? languageForCountry(input.ipCountryCode) : undefined,
    ...FALLBACK_SUGGESTION_LANGUAGES,
  ];
  const suggestions: string[] = [];
  for (const candidate of candidates) {
    if (suggestions.length >= LANGUAGE_SUGGESTIONS_MAX) break;
    if (!candidate || !available.has(candidate) || candidate === current || suggestions.includes(candidate)) {
      continue;
    }
    suggestions.push(candidate);
  }
  return suggestions;
}
