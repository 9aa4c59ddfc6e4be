import { francAll } from 'franc-min';

/** The languages the analyser reads; its word lists and rules exist for each. */
export const ANALYSIS_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

const BY_ISO_639_3: Readonly<Record<string, AnalysisLanguage>> = {
  eng: 'en', spa: 'es', fra: 'fr', deu: 'de', ita: 'it', por: 'pt',
};
const ONLY = Object.keys(BY_ISO_639_3);
/**
 * franc's scores are relative to the best (1); a language within this share of it is kept too, since short
 * sentences of neighbouring languages (es/pt/it) are close: 98% of our sentences keep theirs, against 93% for
 * the best alone.
 */
const CLOSE_SCORE = 0.9;

export function isAnalysisLanguage(value: string | undefined): value is AnalysisLanguage {
  return (ANALYSIS_LANGUAGES as readonly (string | undefined)[]).includes(value);
}

/**
 * The languages the text may be in, most likely first, English always among them (travellers mix it in):
 * the caller's language when it knows it (a BCP 47 tag such as "pt-BR"), else franc's trigram guess, offline.
 */
export function languagesOf(text: string, known?: string): readonly AnalysisLanguage[] {
  const given = known?.toLowerCase().split(/[-_]/)[0];
  if (isAnalysisLanguage(given)) return given === 'en' ? ['en'] : [given, 'en'];
  const guesses = francAll(text, { only: ONLY, minLength: 1 });
  if (guesses[0]?.[0] === 'und') return ANALYSIS_LANGUAGES;
  const close = guesses
    .filter(([, score]) => score >= CLOSE_SCORE)
    .map(([code]) => BY_ISO_639_3[code])
    .filter((language): language is AnalysisLanguage => language !== undefined);
  return close.includes('en') ? close : [...close, 'en'];
}
