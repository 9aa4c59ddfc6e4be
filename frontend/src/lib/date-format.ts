import { FALLBACK_LANGUAGE, SUPPORTED_UI_LANGUAGES } from './ui-constants';

type UiLanguage = (typeof SUPPORTED_UI_LANGUAGES)[number];

// docs/SPEC.md §1: each interface language formats dates with its own Intl data, except es and de, which borrow
// the English format data.
const formatLocaleByLanguage: Record<UiLanguage, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  es: 'en-US',
  de: 'en-US',
  it: 'it-IT',
  pt: 'pt-BR',
  nl: 'nl-NL',
  pl: 'pl-PL',
  tr: 'tr-TR',
  ar: 'ar',
  hi: 'hi-IN',
  ja: 'ja-JP',
  ko: 'ko-KR',
  zh: 'zh-CN',
};

function isUiLanguage(language: string): language is UiLanguage {
  return (SUPPORTED_UI_LANGUAGES as readonly string[]).includes(language);
}

/** The Intl locale whose format data dates use for an interface language ("fr-CA" counts as "fr"). */
export function dateFormatLocale(language: string): string {
  const base = language.split('-')[0]?.toLowerCase() ?? '';
  return formatLocaleByLanguage[isUiLanguage(base) ? base : FALLBACK_LANGUAGE];
}

/** A calendar date for the interface language, e.g. "November 22, 2026" (en), "22 novembre 2026" (fr), "2026年11月22日" (ja). */
export function formatDate(
  date: Date | string | number,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return new Intl.DateTimeFormat(dateFormatLocale(language), options).format(new Date(date));
}
