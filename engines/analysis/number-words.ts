// Spelled-out numbers as people say prices, one small grammar per language: "twenty five", "cent vingt",
// "veintidós", "fünfundzwanzig", "centoventi", "oitenta e cinco". Words are matched folded (lower case, no
// accents). Hand-written: CLDR's spell-out rules (cldr-rbnf) only format numbers, and no npm data package
// parses them; each grammar's rules are tested in number-words.test.ts.

import type { AnalysisLanguage } from './language';

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

const words = (list: string): Record<string, number> =>
  Object.fromEntries(
    list
      .trim()
      .split(/\s+/)
      .map((pair) => {
        const [word = '', value = ''] = pair.split('=');
        return [word, Number(value)];
      }),
  );

const ENGLISH = words(`
  zero=0 one=1 two=2 three=3 four=4 five=5 six=6 seven=7 eight=8 nine=9 ten=10 eleven=11 twelve=12
  thirteen=13 fourteen=14 fifteen=15 sixteen=16 seventeen=17 eighteen=18 nineteen=19 twenty=20 thirty=30
  forty=40 fifty=50 sixty=60 seventy=70 eighty=80 ninety=90
`);
const FRENCH = words(`
  zero=0 un=1 une=1 deux=2 trois=3 quatre=4 cinq=5 six=6 sept=7 huit=8 neuf=9 dix=10 onze=11 douze=12
  treize=13 quatorze=14 quinze=15 seize=16 vingt=20 vingts=20 trente=30 quarante=40 cinquante=50
  soixante=60 septante=70 huitante=80 octante=80 nonante=90
`);
const SPANISH = words(`
  cero=0 un=1 uno=1 una=1 dos=2 tres=3 cuatro=4 cinco=5 seis=6 siete=7 ocho=8 nueve=9 diez=10 once=11
  doce=12 trece=13 catorce=14 quince=15 dieciseis=16 diecisiete=17 dieciocho=18 diecinueve=19 veinte=20
  veintiuno=21 veintiun=21 veintiuna=21 veintidos=22 veintitres=23 veinticuatro=24 veinticinco=25
  veintiseis=26 veintisiete=27 veintiocho=28 veintinueve=29 treinta=30 cuarenta=40 cincuenta=50
  sesenta=60 setenta=70 ochenta=80 noventa=90 doscientos=200 doscientas=200 trescientos=300
  trescientas=300 cuatrocientos=400 cuatrocientas=400 quinientos=500 quinientas=500 seiscientos=600
  seiscientas=600 setecientos=700 setecientas=700 ochocientos=800 ochocientas=800 novecientos=900
  novecientas=900
`);
const PORTUGUESE = words(`
  zero=0 um=1 uma=1 dois=2 duas=2 tres=3 quatro=4 cinco=5 seis=6 sete=7 oito=8 nove=9 dez=10 onze=11
  doze=12 treze=13 catorze=14 quatorze=14 quinze=15 dezasseis=16 dezesseis=16 dezassete=17 dezessete=17
  dezoito=18 dezanove=19 dezenove=19 vinte=20 trinta=30 quarenta=40 cinquenta=50 sessenta=60 setenta=70
  oitenta=80 noventa=90 cem=100 duzentos=200 duzentas=200 trezentos=300 trezentas=300
  quatrocentos=400 quatrocentas=400 quinhentos=500 quinhentas=500 seiscentos=600 seiscentas=600
  setecentos=700 setecentas=700 oitocentos=800 oitocentas=800 novecentos=900 novecentas=900
`);
const GERMAN = words(`
  null=0 ein=1 eins=1 eine=1 einen=1 einem=1 zwei=2 drei=3 vier=4 funf=5 sechs=6 sieben=7 acht=8 neun=9
  zehn=10 elf=11 zwolf=12 dreizehn=13 vierzehn=14 funfzehn=15 sechzehn=16 siebzehn=17 achtzehn=18
  neunzehn=19 zwanzig=20 dreissig=30 vierzig=40 funfzig=50 sechzig=60 siebzig=70 achtzig=80 neunzig=90
`);
const ITALIAN = words(`
  zero=0 un=1 uno=1 una=1 due=2 tre=3 quattro=4 cinque=5 sei=6 sette=7 otto=8 nove=9 dieci=10 undici=11
  dodici=12 tredici=13 quattordici=14 quindici=15 sedici=16 diciassette=17 diciotto=18 diciannove=19
`);
const ITALIAN_TENS = words(`
  venti=20 trenta=30 quaranta=40 cinquanta=50 sessanta=60 settanta=70 ottanta=80 novanta=90
`);

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

const set = (list: string): ReadonlySet<string> => new Set(list.split(' ').filter(Boolean));

export const NUMBER_GRAMMARS: Readonly<Record<AnalysisLanguage, NumberGrammar>> = {
  en: {
    values: ENGLISH,
    hundred: set('hundred'),
    thousand: set('thousand'),
    million: set('million millions'),
    joiners: set('and'),
    articles: set('a'),
  },
  fr: {
    values: FRENCH,
    hundred: set('cent cents'),
    thousand: set('mille'),
    million: set('million millions'),
    joiners: set('et'),
    articles: set(''),
  },
  es: {
    values: SPANISH,
    hundred: set('cien ciento'),
    thousand: set('mil'),
    million: set('millon millones'),
    joiners: set('y'),
    articles: set(''),
  },
  pt: {
    values: PORTUGUESE,
    hundred: set('cento'),
    thousand: set('mil'),
    million: set('milhao milhoes'),
    joiners: set('e'),
    articles: set(''),
  },
  de: {
    values: GERMAN,
    hundred: set('hundert'),
    thousand: set('tausend'),
    million: set('million millionen'),
    joiners: set(''),
    articles: set(''),
    compound: parseGermanNumberWord,
  },
  it: {
    values: ITALIAN,
    hundred: set(''),
    thousand: set('mila'),
    million: set('milione milioni'),
    joiners: set(''),
    articles: set(''),
    compound: parseItalianNumberWord,
  },
};

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
