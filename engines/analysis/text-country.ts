import { asAnalysed, type AnalysedText, type TextInput } from './analysed-text';
import { COUNTRY_NAMES } from './country-names';
import { findPlaces } from './place-finder';
import { WORD_END, WORD_START, matchesOf, phraseAlternation } from './text-fold';

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
// Plurals of demonyms ("mexicanos", "australiens") name the country as well.
const PHRASE_PATTERN = new RegExp(
  `${WORD_START}(?:${phraseAlternation(BY_PHRASE.keys())})s?${WORD_END}`,
  'gu',
);

/** The country of each text read, found once however many finders ask. */
const KNOWN = new WeakMap<AnalysedText, TextCountry | undefined>();

/** The first country named, or whose people are named, in the text. */
export function countryNamedIn({ text, folded }: AnalysedText): TextCountry | undefined {
  for (const match of matchesOf(PHRASE_PATTERN, folded)) {
    const phrase = match[0].replace(/[\s-]+/g, ' ');
    const country =
      BY_PHRASE.get(phrase) ?? BY_PHRASE.get(match[0]) ?? BY_PHRASE.get(phrase.replace(/s$/, ''));
    if (country) return { ...country, evidence: text.slice(match.index, match.index + match[0].length) };
  }
  return undefined;
}

const ENGLISH_NAME = new Map(COUNTRY_NAMES.map((country) => [country.code, country.name]));

function englishCountryName(code: string): string {
  return ENGLISH_NAME.get(code) ?? new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** The country the text is about: the first place found that has one, else a country or people named. */
export function countryOfText(input: TextInput): TextCountry | undefined {
  const analysed = asAnalysed(input);
  if (KNOWN.has(analysed)) return KNOWN.get(analysed);
  const place = findPlaces(analysed).find((found) => found.country !== '');
  const said = place?.location.originalText;
  const country =
    place && said !== undefined
      ? { code: place.country, name: englishCountryName(place.country), evidence: said, place: said }
      : countryNamedIn(analysed);
  KNOWN.set(analysed, country);
  return country;
}
