import { COUNTRY_NAMES } from './country-names';
import { WORD_END, WORD_START, foldText, phraseAlternation } from './text-fold';

export interface TextCountry {
  /** ISO 3166 alpha-2. */
  readonly code: string;
  readonly name: string;
  /** The words of the text that told us, e.g. "Sydney" or "mexicanos". */
  readonly evidence: string;
  /** The city or place found in the text that told us, when it was one. */
  readonly place?: string;
}

const BY_PHRASE = new Map<string, { readonly code: string; readonly name: string }>();
for (const country of COUNTRY_NAMES) {
  for (const phrase of [...country.names, ...country.demonyms]) {
    if (!BY_PHRASE.has(phrase)) BY_PHRASE.set(phrase, { code: country.code, name: country.name });
  }
}
const PHRASE_PATTERN = new RegExp(`${WORD_START}(?:${phraseAlternation(BY_PHRASE.keys())})${WORD_END}`, 'gu');

/** The first country named, or whose people are named, in the text. */
export function countryNamedIn(text: string): TextCountry | undefined {
  const folded = foldText(text);
  for (const match of folded.matchAll(PHRASE_PATTERN)) {
    const country = BY_PHRASE.get(match[0].replace(/[\s-]+/g, ' ')) ?? BY_PHRASE.get(match[0]);
    if (country) return { ...country, evidence: text.slice(match.index, match.index + match[0].length) };
  }
  return undefined;
}

export function countryOfText(text: string): TextCountry | undefined {
  return countryNamedIn(text);
}
