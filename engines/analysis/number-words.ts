// Spelled-out numbers in English, French, Spanish and German, as people say prices: "twenty five",
// "cent vingt", "veintidós", "fünfundzwanzig". Words are matched folded (lower case, no accents).

const UNITS: Readonly<Record<string, number>> = {
  // en
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  // fr
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11,
  douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, vingts: 20, trente: 30,
  quarante: 40, cinquante: 50, soixante: 60, septante: 70, huitante: 80, octante: 80, nonante: 90,
  // es (six, seis... differ from fr; "un" is shared)
  uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
  doce: 12, trece: 13, catorce: 14, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19,
  veinte: 20, veintiuno: 21, veintiun: 21, veintiuna: 21, veintidos: 22, veintitres: 23, veinticuatro: 24,
  veinticinco: 25, veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29, treinta: 30,
  cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90,
  doscientos: 200, doscientas: 200, trescientos: 300, trescientas: 300, cuatrocientos: 400,
  cuatrocientas: 400, quinientos: 500, quinientas: 500, seiscientos: 600, seiscientas: 600,
  setecientos: 700, setecientas: 700, ochocientos: 800, ochocientas: 800, novecientos: 900,
  novecientas: 900,
};

const HUNDRED = new Set(['hundred', 'cent', 'cents', 'cien', 'ciento']);
const THOUSAND = new Set(['thousand', 'mille', 'mil']);
const MILLION = new Set(['million', 'millions', 'millon', 'millones']);
/** Joiners inside a spelled number: "one hundred and five", "vingt et un", "treinta y dos". */
const JOINERS = new Set(['and', 'et', 'y']);
/** "a hundred", "a thousand": the article counts as one only before a multiplier. */
const ARTICLES = new Set(['a']);

const GERMAN_UNITS: Readonly<Record<string, number>> = {
  null: 0, ein: 1, eins: 1, eine: 1, einen: 1, einem: 1, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6,
  sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwolf: 12, dreizehn: 13, vierzehn: 14, funfzehn: 15,
  sechzehn: 16, siebzehn: 17, achtzehn: 18, neunzehn: 19, zwanzig: 20, dreissig: 30, 'dreißig': 30,
  vierzig: 40, funfzig: 50, sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90,
};

/** German writes numbers below a million as one word: "zweihundertfünfundzwanzig". */
export function parseGermanNumberWord(word: string): number | undefined {
  if (word === '') return undefined;
  const direct = GERMAN_UNITS[word];
  if (direct !== undefined) return direct;
  for (const [marker, factor] of [['tausend', 1000], ['hundert', 100]] as const) {
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
    const unit = GERMAN_UNITS[word.slice(0, und)];
    const ten = GERMAN_UNITS[word.slice(und + 3)];
    if (unit !== undefined && unit < 10 && ten !== undefined && ten >= 20 && ten % 10 === 0) return ten + unit;
  }
  return undefined;
}

export type NumberWordRole = 'value' | 'hundred' | 'thousand' | 'million' | 'joiner' | 'article';

/** What one folded word can be inside a spelled-out number, if anything. */
export function numberWordRole(word: string): NumberWordRole | undefined {
  if (UNITS[word] !== undefined || parseGermanNumberWord(word) !== undefined) return 'value';
  if (HUNDRED.has(word)) return 'hundred';
  if (THOUSAND.has(word) || word === 'tausend') return 'thousand';
  if (MILLION.has(word) || word === 'millionen' || word === 'millon') return 'million';
  if (JOINERS.has(word)) return 'joiner';
  if (ARTICLES.has(word)) return 'article';
  return undefined;
}

/** The value of a run of folded number words, e.g. ["quatre", "vingt", "dix"] -> 90; undefined if not one. */
export function valueOfNumberWords(words: readonly string[]): number | undefined {
  let total = 0;
  let current = 0;
  let sawValue = false;
  for (const word of words) {
    const role = numberWordRole(word);
    if (role === 'joiner') continue;
    if (role === 'article') {
      current += 1;
      continue;
    }
    if (role === 'value') {
      const value = UNITS[word] ?? parseGermanNumberWord(word) ?? 0;
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
