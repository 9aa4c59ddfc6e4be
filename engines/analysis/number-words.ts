// Spelled-out numbers as people say prices, one small grammar per language: "twenty five", "cent vingt",
// "veintidós", "fünfundzwanzig", "centoventi", "oitenta e cinco". Words are matched folded (lower case, no
// accents). Hand-written: CLDR's spell-out rules (cldr-rbnf) only format numbers, and no npm data package
// parses them; each grammar's rules are tested in number-words.test.ts. The words are in each language's pack
// (lang/<language>.ts, `numbers`); the rules that combine them are here.

import { ANALYSIS_LANGUAGES, type AnalysisLanguage } from './language';
import { LANGUAGE_PACKS } from './lang/packs';

export type NumberWordRole = 'value' | 'hundred' | 'thousand' | 'million' | 'joiner' | 'article';

interface NumberGrammar {
  /** Words with a value of their own (below a hundred, and the hundreds written as one word). */
  readonly values: Readonly<Record<string, number>>;
  readonly hundred: ReadonlySet<string>;
  readonly thousand: ReadonlySet<string>;
  readonly million: ReadonlySet<string>;
  /** Joiners inside a spelled number: "one hundred and five", "vingt et un", "treinta y dos", "cento e vinte". */
  readonly joiners: ReadonlySet<string>;
  /** "a hundred", "a thousand": the article counts as one only before a multiplier. */
  readonly articles: ReadonlySet<string>;
  /** Languages that write a number as one word: "zweihundertvierzig", "centoventi". */
  readonly compound?: (word: string) => number | undefined;
}

const GERMAN = LANGUAGE_PACKS.de.numbers.values;
const ITALIAN = LANGUAGE_PACKS.it.numbers.values;
const ITALIAN_TENS = LANGUAGE_PACKS.it.numbers.compoundParts;

/** German writes numbers below a million as one word: "zweihundertfünfundzwanzig", "viereinhalb". */
export function parseGermanNumberWord(said: string): number | undefined {
  // Folding keeps "ß" (one unit, so indexes stay aligned): "achtunddreißig" is read as "achtunddreissig".
  const word = said.includes('ß') ? said.replace(/ß/g, 'ss') : said;
  if (word === '') return undefined;
  const direct = GERMAN[word];
  if (direct !== undefined) return direct;
  if (word === 'anderthalb') return 1.5;
  if (word.endsWith('einhalb') && word.length > 'einhalb'.length) {
    const whole = parseGermanNumberWord(word.slice(0, -'einhalb'.length));
    return whole === undefined ? undefined : whole + 0.5;
  }
  for (const [marker, factor] of [
    ['tausend', 1000],
    ['hundert', 100],
  ] as const) {
    const at = word.indexOf(marker);
    if (at < 0) continue;
    const head = word.slice(0, at);
    const tail = word.slice(at + marker.length).replace(/^und/, '');
    const multiplier = head === '' ? 1 : parseGermanNumberWord(head);
    const rest = tail === '' ? 0 : parseGermanNumberWord(tail);
    if (multiplier === undefined || rest === undefined) return undefined;
    return multiplier * factor + rest;
  }
  const und = word.indexOf('und');
  if (und > 0) {
    const unit = GERMAN[word.slice(0, und)];
    const ten = GERMAN[word.slice(und + 3)];
    if (unit !== undefined && unit < 10 && ten !== undefined && ten >= 20 && ten % 10 === 0)
      return ten + unit;
  }
  return undefined;
}

/** Italian below a hundred: "ventidue", "trentotto" (the tens drop their vowel before uno and otto). */
function italianBelowHundred(word: string): number | undefined {
  const direct = ITALIAN[word] ?? ITALIAN_TENS[word];
  if (direct !== undefined) return direct;
  for (const [ten, value] of Object.entries(ITALIAN_TENS)) {
    const unit = word.startsWith(ten) ? ITALIAN[word.slice(ten.length)] : undefined;
    if (unit !== undefined && unit >= 1 && unit <= 9) return value + unit;
    const elided = ten.slice(0, -1);
    if (word === `${elided}uno` || word === `${elided}otto`) return value + (word.endsWith('uno') ? 1 : 8);
  }
  return undefined;
}

/** Italian writes numbers as one word: "centoventi", "duecentocinquanta", "diecimila", "milleduecento". */
export function parseItalianNumberWord(word: string): number | undefined {
  if (word === '') return undefined;
  if (word === 'mille') return 1000;
  if (word.startsWith('mille')) {
    const rest = parseItalianNumberWord(word.slice(5));
    return rest === undefined ? undefined : 1000 + rest;
  }
  const mila = word.indexOf('mila');
  if (mila > 0) {
    const head = parseItalianNumberWord(word.slice(0, mila));
    const tail = word.slice(mila + 4).replace(/^e/, '');
    const rest = tail === '' ? 0 : parseItalianNumberWord(tail);
    return head === undefined || rest === undefined || head < 2 ? undefined : head * 1000 + rest;
  }
  const cent = word.indexOf('cent');
  if (cent >= 0) {
    const head = cent === 0 ? 1 : italianBelowHundred(word.slice(0, cent));
    const tail = word.slice(cent + 4);
    // "cento", "centoventi", and "centottanta" where the o of cento merges with ottanta.
    const rest =
      tail === '' || tail === 'o' ? 0 : (italianBelowHundred(tail.slice(1)) ?? italianBelowHundred(tail));
    if (head === undefined || rest === undefined || head > 9 || (tail !== '' && !tail.startsWith('o')))
      return undefined;
    return head * 100 + rest;
  }
  return italianBelowHundred(word);
}

/** Languages that write a number as one word, and how to read one. */
const COMPOUND_READERS: Readonly<Partial<Record<AnalysisLanguage, (word: string) => number | undefined>>> = {
  de: parseGermanNumberWord,
  it: parseItalianNumberWord,
};

export const NUMBER_GRAMMARS = Object.fromEntries(
  ANALYSIS_LANGUAGES.map((language) => {
    const words = LANGUAGE_PACKS[language].numbers;
    const grammar: NumberGrammar = {
      values: words.values,
      hundred: new Set(words.hundred),
      thousand: new Set(words.thousand),
      million: new Set(words.million),
      joiners: new Set(words.joiners),
      articles: new Set(words.articles),
      compound: COMPOUND_READERS[language],
    };
    return [language, grammar];
  }),
) as Readonly<Record<AnalysisLanguage, NumberGrammar>>;

function roleIn(grammar: NumberGrammar, word: string): NumberWordRole | undefined {
  if (grammar.values[word] !== undefined || grammar.compound?.(word) !== undefined) return 'value';
  if (grammar.hundred.has(word)) return 'hundred';
  if (grammar.thousand.has(word)) return 'thousand';
  if (grammar.million.has(word)) return 'million';
  if (grammar.joiners.has(word)) return 'joiner';
  if (grammar.articles.has(word)) return 'article';
  return undefined;
}

const LANGUAGE_KEYS = new WeakMap<readonly AnalysisLanguage[], string>();
function languagesKey(languages: readonly AnalysisLanguage[]): string {
  let key = LANGUAGE_KEYS.get(languages);
  if (key === undefined) {
    key = languages.join(',');
    LANGUAGE_KEYS.set(languages, key);
  }
  return key;
}

/** Roles already worked out, per set of languages and word: most words of a text are no number at all. */
const KNOWN_ROLES = new Map<string, NumberWordRole | null>();
const KNOWN_ROLES_MOST = 50_000;

/** What one folded word can be inside a spelled-out number in one of the languages, if anything. */
export function numberWordRole(
  word: string,
  languages: readonly AnalysisLanguage[],
): NumberWordRole | undefined {
  const key = `${languagesKey(languages)}|${word}`;
  const known = KNOWN_ROLES.get(key);
  if (known !== undefined) return known ?? undefined;
  let found: NumberWordRole | undefined;
  for (const language of languages) {
    found = roleIn(NUMBER_GRAMMARS[language], word);
    if (found !== undefined) break;
  }
  if (KNOWN_ROLES.size >= KNOWN_ROLES_MOST) KNOWN_ROLES.clear();
  KNOWN_ROLES.set(key, found ?? null);
  return found;
}

function valueIn(word: string, languages: readonly AnalysisLanguage[]): number | undefined {
  for (const language of languages) {
    const grammar = NUMBER_GRAMMARS[language];
    const value = grammar.values[word] ?? grammar.compound?.(word);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The value of a run of folded number words, e.g. ["quatre", "vingt", "dix"] -> 90; undefined if not one. */
export function valueOfNumberWords(
  run: readonly string[],
  languages: readonly AnalysisLanguage[],
): number | undefined {
  let total = 0;
  let current = 0;
  let sawValue = false;
  for (const word of run) {
    const role = numberWordRole(word, languages);
    if (role === 'joiner') continue;
    if (role === 'article') {
      current += 1;
      continue;
    }
    if (role === 'value') {
      const value = valueIn(word, languages) ?? 0;
      // "quatre vingt" is four twenties, not twenty-four.
      if (value === 20 && current === 4 && (word === 'vingt' || word === 'vingts')) current = 80;
      else current += value;
      sawValue = true;
      continue;
    }
    if (role === 'hundred') {
      current = (current === 0 ? 1 : current) * 100;
      sawValue = true;
      continue;
    }
    if (role === 'thousand' || role === 'million') {
      const factor = role === 'thousand' ? 1000 : 1_000_000;
      total += (current === 0 ? 1 : current) * factor;
      current = 0;
      sawValue = true;
      continue;
    }
    return undefined;
  }
  return sawValue ? total + current : undefined;
}
