import { ANALYSIS_LANGUAGES, givenLanguages, languagesOf, type AnalysisLanguage } from './language';
import { digitAmounts, wordAmounts, type AmountSpan } from './numbers';
import { foldText, matchesOf } from './text-fold';

export interface Token {
  readonly start: number;
  readonly end: number;
  /** Folded: lower case, no accents, ’ written '. */
  readonly word: string;
}

/**
 * A text read once, at the analyser's entry: every finder (prices, places, emergency, the country) reads this
 * value instead of folding and tokenising the text again. Indexes into `folded` and `tokens` are indexes into
 * `text`, so each finder reports the words as said.
 */
export interface AnalysedText {
  readonly text: string;
  readonly folded: string;
  /**
   * The languages the text is read in, in order of preference: the caller's and English when the caller knows
   * the language, else all six (a word of any of them is understood; the data of each language is tried in
   * this order).
   */
  readonly languages: readonly AnalysisLanguage[];
  /** The most likely language: the caller's, else franc-min's offline guess, worked out when first asked. */
  readonly language: AnalysisLanguage;
  /** Words and numerals: "gare", "l'hotel", "12,50", "quatre-vingt-dix". */
  readonly tokens: readonly Token[];
  /** Every amount written in digits or words, in order: "12,50", "1 200", "2 millions", "centoventi". */
  readonly numbers: readonly AmountSpan[];
}

export interface AnalyseOptions {
  /** The language the caller knows the text is in (the session's), as a BCP 47 tag; detected when absent. */
  readonly language?: string;
}

/** A word, or a numeral with its decimal comma or point: "l'hotel", "quatre-vingt-dix", "12,50". */
const TOKEN = /[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+|,\d+)*/gu;

export function analyseText(text: string, options: AnalyseOptions = {}): AnalysedText {
  const folded = foldText(text).replace(/’/g, "'");
  const given = givenLanguages(options.language);
  const languages = given ?? ANALYSIS_LANGUAGES;
  const tokens: Token[] = [...matchesOf(TOKEN, folded)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: match[0],
  }));
  const numbers = [...digitAmounts(text, folded), ...wordAmounts(folded, tokens, languages)].sort(
    (left, right) => left.start - right.start,
  );
  let guessed: AnalysisLanguage | undefined = given?.[0];
  return {
    text,
    folded,
    languages,
    get language(): AnalysisLanguage {
      guessed ??= languagesOf(text)[0] ?? 'en';
      return guessed;
    },
    tokens,
    numbers,
  };
}

/** What the finders accept: a text as said, or one already read. */
export type TextInput = string | AnalysedText;

export function asAnalysed(input: TextInput): AnalysedText {
  return typeof input === 'string' ? analyseText(input) : input;
}
