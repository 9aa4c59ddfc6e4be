import { francAll } from 'franc-min';
import { LANGUAGE_PACKS } from './lang/packs';

/** The languages the analyser reads; its word lists and rules exist for each. */
export const ANALYSIS_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

/** franc names languages by their ISO 639-3 code, which each language's pack holds. */
const BY_ISO_639_3: Readonly<Record<string, AnalysisLanguage>> = Object.fromEntries(
  ANALYSIS_LANGUAGES.map((language) => [LANGUAGE_PACKS[language].iso639_3, language]),
);
const ONLY = Object.keys(BY_ISO_639_3);
/**
 * franc's scores are relative to the best (1); a language within this share of it comes first too, since short
 * sentences of neighbouring languages (es/pt/it) are close: 98% of our sentences have theirs among these,
 * against 93% for the best alone.
 */
const CLOSE_SCORE = 0.9;

export function isAnalysisLanguage(value: string | undefined): value is AnalysisLanguage {
  return (ANALYSIS_LANGUAGES as readonly (string | undefined)[]).includes(value);
}

/**
 * The languages the text is likely in, most likely first, then the others. When the caller knows the language
 * (the session's, a BCP 47 tag such as "pt-BR"), that one and English (travellers mix it in). Otherwise
 * franc's offline trigram guess. The analyser reads a text in all six languages unless the caller names one:
 * on a short sentence the guess is right 93% of the time, and a cry for help or a price must not be missed
 * because of it; the guess is worked out only when asked (AnalysedText.language).
 */
/** The caller's language (a BCP 47 tag) and English beside it, when it is one the analyser reads. */
export function givenLanguages(known: string | undefined): readonly AnalysisLanguage[] | undefined {
  const given = known?.toLowerCase().split(/[-_]/)[0];
  if (!isAnalysisLanguage(given)) return undefined;
  return given === 'en' ? ['en'] : [given, 'en'];
}

export function languagesOf(text: string, known?: string): readonly AnalysisLanguage[] {
  const given = givenLanguages(known);
  if (given) return given;
  const guesses = francAll(text, { only: ONLY, minLength: 1 });
  if (guesses[0]?.[0] === 'und') return ANALYSIS_LANGUAGES;
  const close = guesses
    .filter(([, score]) => score >= CLOSE_SCORE)
    .map(([code]) => BY_ISO_639_3[code])
    .filter((language): language is AnalysisLanguage => language !== undefined);
  return [...new Set([...close, 'en' as const, ...ANALYSIS_LANGUAGES])];
}
