import type { AnalysisLanguage } from '../language';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import type { LanguagePack } from './language-pack';
import { pt } from './pt';

/** Every analysis language's pack: a language in ANALYSIS_LANGUAGES without one does not compile. */
export const LANGUAGE_PACKS: Readonly<Record<AnalysisLanguage, LanguagePack>> = { en, es, fr, de, it, pt };

/** One list of every language's words of a kind, for rules that read a text in any of them. */
export function inEveryLanguage(pick: (pack: LanguagePack) => readonly string[]): string[] {
  return Object.values(LANGUAGE_PACKS).flatMap(pick);
}
