import type { AnalysisLanguage } from './language';
import { numberWordRole, valueOfNumberWords } from './number-words';
import { matchesOf } from './text-fold';

export interface AmountSpan {
  readonly start: number;
  readonly end: number;
  readonly value: number;
  /** Ends with "million", "mil", "k"...: "2 millions d'euros" may put "de" before the currency. */
  readonly scaled: boolean;
  /** Said in words ("vingt"), not digits. */
  readonly spelled: boolean;
}

interface WordToken {
  readonly start: number;
  readonly end: number;
  readonly word: string;
}

const DIGITS_PATTERN = /(?<![\p{L}\p{N}.,])\d+(?:[.,\u00a0\u202f ]\d+)*/gu;
const SCALE_PATTERN =
  /^(?:\s*(k|thousand|million|millions|mille|mil|millon|millones|tausend|millionen|mio\.?|mila|milioni|milione|milhoes|milhao))(?![\p{L}])/u;
const SCALES: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  mille: 1e3,
  mil: 1e3,
  tausend: 1e3,
  mila: 1e3,
  million: 1e6,
  millions: 1e6,
  millon: 1e6,
  millones: 1e6,
  millionen: 1e6,
  mio: 1e6,
  'mio.': 1e6,
  milione: 1e6,
  milioni: 1e6,
  milhao: 1e6,
  milhoes: 1e6,
};

/** "12,50" -> 12.5, "1.500" -> 1500, "1,200.50" -> 1200.5, "4.99" -> 4.99; undefined for malformed groups. */
export function parseNumeral(raw: string): number | undefined {
  const compact = raw.replace(/[\u00a0\u202f]/g, ' ');
  if (compact.includes(' ') && !/^\d{1,3}(?: \d{3})+(?:[.,]\d{1,2})?$/.test(compact)) return undefined;
  const text = compact.replace(/ /g, '');
  const separators = text.match(/[.,]/g) ?? [];
  if (separators.length === 0) return Number(text);
  const last = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  const lastSeparator = text[last];
  const decimals = text.slice(last + 1);
  const wholePart = text.slice(0, last);
  const mixed = separators.some((separator) => separator !== lastSeparator);
  if (mixed) {
    if (decimals.length > 2 || !/^\d{1,3}(?:[.,]\d{3})*$/.test(wholePart)) return undefined;
    return Number(`${wholePart.replace(/[.,]/g, '')}.${decimals}`);
  }
  if (separators.length > 1) {
    return /^\d{1,3}(?:[.,]\d{3})+$/.test(text) ? Number(text.replace(/[.,]/g, '')) : undefined;
  }
  // One separator: three digits after it group thousands ("3.000 yen", "2,500 rupees"); fewer are decimals.
  if (decimals.length === 3 && /^[1-9]\d{0,2}$/.test(wholePart)) return Number(`${wholePart}${decimals}`);
  if (decimals.length <= 2) return Number(`${wholePart}.${decimals}`);
  return undefined;
}

/**
 * A plain space groups thousands ("1 200 dirhams") only in groups of three after one to three digits;
 * otherwise the digits are separate numbers ("bus 42 30 minutes").
 */
function numeralsIn(text: string): { readonly raw: string; readonly index: number }[] {
  const found: { raw: string; index: number }[] = [];
  for (const match of matchesOf(DIGITS_PATTERN, text)) {
    const grouped = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?!\d)/u.exec(match[0]);
    if (grouped || !/ /.test(match[0])) {
      found.push({
        raw: grouped && grouped[0] !== match[0] && / /.test(match[0]) ? grouped[0] : match[0],
        index: match.index,
      });
      continue;
    }
    let offset = 0;
    for (const piece of match[0].split(' ')) {
      if (piece !== '') found.push({ raw: piece, index: match.index + offset });
      offset += piece.length + 1;
    }
  }
  return found;
}

export function digitAmounts(text: string, folded: string): AmountSpan[] {
  const amounts: AmountSpan[] = [];
  for (const { raw, index } of numeralsIn(text)) {
    const value = parseNumeral(raw);
    if (value === undefined) continue;
    const end = index + raw.length;
    // "7:30", "3/4", "5th" and "12.5.2024" are times, fractions, ordinals and dates.
    if (/^(?::\d|\/\d|st\b|nd\b|rd\b|th\b|e\b|er\b|eme\b|º|ª|\.\d)/u.test(folded.slice(end))) continue;
    // "24,- €", "15.– Fr.": a dash for no cents belongs to the amount.
    const noCents = Number.isInteger(value) ? /^[.,][-–]/.exec(folded.slice(end)) : null;
    if (noCents) {
      amounts.push({ start: index, end: end + noCents[0].length, value, scaled: false, spelled: false });
      continue;
    }
    const scale = SCALE_PATTERN.exec(folded.slice(end));
    const factor = scale ? SCALES[scale[1] ?? ''] : undefined;
    if (scale && factor !== undefined) {
      amounts.push({
        start: index,
        end: end + scale[0].length,
        value: value * factor,
        scaled: true,
        spelled: false,
      });
    } else {
      amounts.push({ start: index, end, value, scaled: false, spelled: false });
    }
  }
  return amounts;
}

const partsOf = (token: WordToken): string[] => token.word.split(/['-]/);

/** Runs of spelled-out number words: "twenty five", "cent vingt", "quatre-vingt-dix", "zwanzig", "oitenta e cinco". */
export function wordAmounts(
  folded: string,
  tokens: readonly WordToken[],
  languages: readonly AnalysisLanguage[],
): AmountSpan[] {
  const roleOf = (word: string) => numberWordRole(word, languages);
  const isNumberToken = (token: WordToken): boolean =>
    /^[\p{L}'-]+$/u.test(token.word) && partsOf(token).every((part) => roleOf(part) !== undefined);
  const amounts: AmountSpan[] = [];
  let index = 0;
  while (index < tokens.length) {
    const first = tokens[index];
    if (!first || !isNumberToken(first)) {
      index += 1;
      continue;
    }
    let last = index;
    while (last + 1 < tokens.length) {
      const next = tokens[last + 1];
      const current = tokens[last];
      if (!next || !current || !/^\s+$/.test(folded.slice(current.end, next.start)) || !isNumberToken(next))
        break;
      last += 1;
    }
    const run = tokens.slice(index, last + 1);
    // A run neither starts nor ends with a joiner, and "a" counts only before "hundred" or "thousand".
    while (run.length > 0 && ['joiner', 'article'].includes(roleOf(run[0]?.word ?? '') ?? '')) {
      const second = run[1] ? roleOf(partsOf(run[1])[0] ?? '') : undefined;
      if (roleOf(run[0]?.word ?? '') === 'article' && (second === 'hundred' || second === 'thousand')) break;
      run.shift();
    }
    while (run.length > 0 && ['joiner', 'article'].includes(roleOf(run.at(-1)?.word ?? '') ?? '')) run.pop();
    const value = valueOfNumberWords(run.flatMap(partsOf), languages);
    const head = run[0];
    const tail = run.at(-1);
    if (value !== undefined && head && tail) {
      const scaled = ['thousand', 'million'].includes(roleOf(partsOf(tail).at(-1) ?? '') ?? '');
      amounts.push({ start: head.start, end: tail.end, value, scaled, spelled: true });
    }
    index = last + 1;
  }
  return amounts;
}
