import type { Price } from '@wayfarer/shared/api/analysis';
import {
  AMBIGUOUS_FAMILIES,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  MINOR_UNIT_WORDS,
  markerForCode,
  type CurrencyMarker,
} from './currency-lexicon';
import { numberWordRole, valueOfNumberWords } from './number-words';
import { countryOfText, type TextCountry } from './text-country';
import { WORD_END, WORD_START, escapeRegExp, foldText, phraseAlternation } from './text-fold';

interface Span {
  readonly start: number;
  readonly end: number;
}

interface AmountSpan extends Span {
  readonly value: number;
  /** Ends with "million", "mil", "k"...: "2 millions d'euros" may put "de" before the currency. */
  readonly scaled: boolean;
}

type MarkerKind = 'symbol' | 'code' | 'word';

interface MarkerSpan extends Span {
  readonly marker: CurrencyMarker;
  readonly kind: MarkerKind;
}

interface Found extends Span {
  readonly amount: number;
  readonly marker: CurrencyMarker;
  readonly markerText: string;
}

const SYMBOL_PATTERN = new RegExp(
  Object.keys(CURRENCY_SYMBOLS)
    .sort((left, right) => right.length - left.length)
    .map((symbol) => {
      const head = /^\p{L}/u.test(symbol) ? '(?<!\\p{L})' : '';
      const tail = /\p{L}$/u.test(symbol) ? '(?!\\p{L})' : '';
      return `${head}${escapeRegExp(symbol)}${tail}`;
    })
    .join('|'),
  'gu',
);
const CODE_PATTERN = new RegExp(`(?<!\\p{L})(?:${CURRENCY_CODES.join('|')})(?!\\p{L})`, 'gu');
const WORD_PATTERN = new RegExp(`${WORD_START}(?:${phraseAlternation(Object.keys(CURRENCY_WORDS))})${WORD_END}`, 'gu');
const DIGITS_PATTERN = /(?<![\p{L}\p{N}.,])\d+(?:[.,\u00a0\u202f]\d+)*/gu;
const SCALE_PATTERN =
  /^(?:\s*(k|thousand|million|millions|mille|mil|millon|millones|tausend|millionen|mio\.?))(?![\p{L}])/u;
const SCALES: Readonly<Record<string, number>> = {
  k: 1e3, thousand: 1e3, mille: 1e3, mil: 1e3, tausend: 1e3,
  million: 1e6, millions: 1e6, millon: 1e6, millones: 1e6, millionen: 1e6, mio: 1e6, 'mio.': 1e6,
};
const WORD_TOKEN = /[\p{L}]+(?:['-][\p{L}]+)*/gu;
const MINOR_UNITS = new Set(MINOR_UNIT_WORDS);

/** Words after a bare number that make it a count, a size or a time rather than a price. */
const NOT_MONEY_AFTER = new Set(
  (
    'people persons person pax adults adult children kids nights night days day hours hour minutes minute mins ' +
    'min seconds km kilometers kilometres miles meters metres m gb gigabytes mb megabytes kg kilos grams g ' +
    'percent pm am h o clock times years year stars floors floor stops stop tickets items pieces ' +
    'personnes personne nuits nuit jours jour heures heure fois ans etoiles etages ' +
    'personas persona noches noche dias dia horas hora minutos veces anos estrellas pisos ' +
    'personen nachte nacht tage tag stunden stunde minuten uhr mal jahre sterne stock'
  ).split(' '),
);
const OR_CONNECTORS = new Set(['or', 'ou', 'o', 'oder', '-', '–', 'to', 'a', 'bis', 'and', 'et', 'y', 'und']);
/** Words that may sit between a price and a cheaper or dearer alternative: "18 euros each, or 16 online". */
const GAP_FILLERS = new Set([
  'each', 'per', 'person', 'a', 'head', 'chacun', 'par', 'personne', 'cada', 'uno', 'por', 'persona', 'pro',
  'stuck', 'only', 'just', 'seulement', 'solo', 'nur', 'but', 'mais', 'pero', 'aber', 'adult', 'adults',
]);
const DEFAULT_FAMILY_NOTE = 'no country named in the text';

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

function digitAmounts(text: string, folded: string): AmountSpan[] {
  const amounts: AmountSpan[] = [];
  for (const match of text.matchAll(DIGITS_PATTERN)) {
    const value = parseNumeral(match[0]);
    if (value === undefined) continue;
    const end = match.index + match[0].length;
    // "7:30", "3/4", "5th" and "12.5.2024" are times, fractions, ordinals and dates.
    if (/^(?::\d|\/\d|st\b|nd\b|rd\b|th\b|e\b|er\b|eme\b|º|ª|\.\d)/u.test(folded.slice(end))) continue;
    const scale = SCALE_PATTERN.exec(folded.slice(end));
    const factor = scale ? SCALES[scale[1] ?? ''] : undefined;
    if (scale && factor !== undefined) {
      amounts.push({ start: match.index, end: end + scale[0].length, value: value * factor, scaled: true });
    } else {
      amounts.push({ start: match.index, end, value, scaled: false });
    }
  }
  return amounts;
}

interface WordToken extends Span {
  readonly word: string;
}

function wordTokens(folded: string): WordToken[] {
  return [...folded.matchAll(WORD_TOKEN)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: match[0],
  }));
}

function partsOf(token: WordToken): string[] {
  return token.word.split(/['-]/);
}

function isNumberToken(token: WordToken): boolean {
  return partsOf(token).every((part) => numberWordRole(part) !== undefined);
}

/** Runs of spelled-out number words: "twenty five", "cent vingt", "quatre-vingt-dix", "zwanzig". */
function wordAmounts(folded: string, tokens: readonly WordToken[]): AmountSpan[] {
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
      if (!next || !current || !/^\s+$/.test(folded.slice(current.end, next.start)) || !isNumberToken(next)) break;
      last += 1;
    }
    const run = tokens.slice(index, last + 1);
    // A run neither starts nor ends with a joiner, and "a" counts only before "hundred" or "thousand".
    while (run.length > 0 && ['joiner', 'article'].includes(numberWordRole(run[0]?.word ?? '') ?? '')) {
      const second = run[1] ? numberWordRole(partsOf(run[1])[0] ?? '') : undefined;
      if (numberWordRole(run[0]?.word ?? '') === 'article' && (second === 'hundred' || second === 'thousand')) break;
      run.shift();
    }
    while (run.length > 0 && ['joiner', 'article'].includes(numberWordRole(run.at(-1)?.word ?? '') ?? '')) run.pop();
    const value = valueOfNumberWords(run.flatMap(partsOf));
    const head = run[0];
    const tail = run.at(-1);
    if (value !== undefined && head && tail) {
      const scaled = ['thousand', 'million'].includes(numberWordRole(partsOf(tail).at(-1) ?? '') ?? '');
      amounts.push({ start: head.start, end: tail.end, value, scaled });
    }
    index = last + 1;
  }
  return amounts;
}

function overlaps(left: Span, right: Span): boolean {
  return left.start < right.end && right.start < left.end;
}

function markers(text: string, folded: string): MarkerSpan[] {
  const all: MarkerSpan[] = [];
  for (const match of text.matchAll(SYMBOL_PATTERN)) {
    const marker = CURRENCY_SYMBOLS[match[0]];
    if (marker) all.push({ start: match.index, end: match.index + match[0].length, marker, kind: 'symbol' });
  }
  for (const match of text.matchAll(CODE_PATTERN)) {
    all.push({ start: match.index, end: match.index + match[0].length, marker: markerForCode(match[0]), kind: 'code' });
  }
  for (const match of folded.matchAll(WORD_PATTERN)) {
    const phrase = match[0].replace(/[\s-]+/g, ' ');
    const marker = CURRENCY_WORDS[phrase] ?? CURRENCY_WORDS[match[0]];
    if (!marker) continue;
    const end = match.index + match[0].length;
    // "two pounds of apples", "deux livres de cerises": a weight, not money.
    if (marker.family === 'pound' && /^\s+(?:of|de|d'|du|des)\b/.test(folded.slice(end))) continue;
    all.push({ start: match.index, end, marker, kind: 'word' });
  }
  all.sort((left, right) => left.start - right.start || right.end - left.end);
  const kept: MarkerSpan[] = [];
  for (const candidate of all) {
    if (!kept.some((existing) => overlaps(existing, candidate))) kept.push(candidate);
  }
  return kept;
}

function onlySpaces(between: string, most: number): boolean {
  return between.length <= most && /^[\s\u00a0\u202f]*$/.test(between);
}

/** The marker written right after the amount ("20 €", "zwanzig Euro", "2 millions d'euros"). */
function markerAfter(amount: AmountSpan, all: readonly MarkerSpan[], folded: string): MarkerSpan | undefined {
  return all.find((marker) => {
    if (marker.start < amount.end) return false;
    const between = folded.slice(amount.end, marker.start);
    return onlySpaces(between, 2) || (amount.scaled && /^\s+(?:de\s+|d')$/.test(between));
  });
}

/** The symbol or code written right before the amount ("$4.99", "EUR 12"). */
function markerBefore(amount: AmountSpan, all: readonly MarkerSpan[], folded: string): MarkerSpan | undefined {
  return all.find(
    (marker) => marker.kind !== 'word' && marker.end <= amount.start && onlySpaces(folded.slice(marker.end, amount.start), 1),
  );
}

/** "dix euros cinquante", "5 dollars and 50 cents", "zwei Euro fünfzig": the minor part after the currency. */
function minorPart(
  after: number,
  folded: string,
  amounts: readonly AmountSpan[],
): { readonly value: number; readonly end: number } | undefined {
  const rest = folded.slice(after);
  const joiner = /^\s+(?:(?:and|et|y|und)\s+)?/.exec(rest);
  if (!joiner) return undefined;
  const start = after + joiner[0].length;
  const minor = amounts.find((amount) => amount.start === start);
  if (!minor || minor.scaled || !Number.isInteger(minor.value) || minor.value <= 0 || minor.value >= 100) return undefined;
  const tail = folded.slice(minor.end);
  const unit = /^\s+([\p{L}]+)/u.exec(tail);
  if (unit && MINOR_UNITS.has(unit[1] ?? '')) return { value: minor.value, end: minor.end + unit[0].length };
  // A spelled minor part ends the phrase ("dix euros cinquante."); digits may run on ("9 pounds 40 in London").
  const spelled = !/\d/.test(folded.slice(minor.start, minor.end));
  const endsPhrase = /^\s*(?:$|[.,;:!?)])/.test(tail) || (unit !== null && GAP_FILLERS.has(unit[1] ?? ''));
  if (endsPhrase || (!spelled && unit && !NOT_MONEY_AFTER.has(unit[1] ?? ''))) {
    return { value: minor.value, end: minor.end };
  }
  return undefined;
}

function nextWord(folded: string, from: number): string {
  return /^\s*([\p{L}%]+|:\d)/u.exec(folded.slice(from))?.[1] ?? '';
}

/** A bare number beside a price shares its currency: "18 euros each, or 16 online", "10 to 15 dollars". */
function sharesCurrency(bare: AmountSpan, price: Found, folded: string): boolean {
  if (NOT_MONEY_AFTER.has(nextWord(folded, bare.end)) || nextWord(folded, bare.end) === ':') return false;
  const before = bare.end <= price.start;
  const gap = before ? folded.slice(bare.end, price.start) : folded.slice(price.end, bare.start);
  const words = gap.match(/[\p{L}]+|[-–]/gu) ?? [];
  if (/\d/.test(gap) || words.length === 0 || words.length > 4) return false;
  if (before) return words.length === 1 && OR_CONNECTORS.has(words[0] ?? '');
  const connectors = words.filter((word) => OR_CONNECTORS.has(word) && word !== 'and' && word !== 'et' && word !== 'y' && word !== 'und');
  return connectors.length === 1 && words.every((word) => OR_CONNECTORS.has(word) || GAP_FILLERS.has(word));
}

function pairAmounts(text: string, folded: string): Found[] {
  const tokens = wordTokens(folded);
  const amounts = [...digitAmounts(text, folded), ...wordAmounts(folded, tokens)].sort((a, b) => a.start - b.start);
  const all = markers(text, folded);
  const used = new Set<MarkerSpan>();
  const found: Found[] = [];
  const consumed = new Set<AmountSpan>();
  for (const [index, amount] of amounts.entries()) {
    if (consumed.has(amount)) continue;
    const before = markerBefore(amount, all, folded);
    const after = markerAfter(amount, all, folded);
    const nextAmount = amounts[index + 1];
    // "€5 €20": the second € belongs to 20; in "5 € 20 €" each amount takes the symbol after it.
    const afterBelongsToNext =
      after !== undefined && after.kind !== 'word' && nextAmount !== undefined && markerBefore(nextAmount, all, folded) === after;
    const takeBefore = before && !used.has(before) ? before : undefined;
    const takeAfter = after && !used.has(after) && !(afterBelongsToNext && takeBefore) ? after : undefined;
    const chosen = takeAfter?.kind === 'code' || takeAfter?.kind === 'word' ? takeAfter : (takeBefore ?? takeAfter);
    if (!chosen) continue;
    if (takeBefore) used.add(takeBefore);
    if (takeAfter) used.add(takeAfter);
    const start = Math.min(amount.start, takeBefore?.start ?? amount.start);
    let end = Math.max(amount.end, takeAfter?.end ?? amount.end);
    let value = amount.value;
    if (takeAfter?.kind === 'word' && Number.isInteger(value)) {
      const minor = minorPart(takeAfter.end, folded, amounts);
      if (minor) {
        value += minor.value / 100;
        end = minor.end;
        for (const other of amounts) if (other.start >= takeAfter.end && other.end <= minor.end) consumed.add(other);
      }
    }
    found.push({ start, end, amount: value, marker: chosen.marker, markerText: text.slice(chosen.start, chosen.end) });
    consumed.add(amount);
  }
  for (const bare of amounts) {
    if (consumed.has(bare) || bare.value <= 0) continue;
    const neighbour = found.find((price) => sharesCurrency(bare, price, folded));
    if (!neighbour) continue;
    consumed.add(bare);
    found.push({ start: bare.start, end: bare.end, amount: bare.value, marker: neighbour.marker, markerText: neighbour.markerText });
  }
  return found.sort((left, right) => left.start - right.start);
}

// A line break ends a clause too: each line of a photographed menu is its own item.
const CLAUSE_ENDS = ['.', ';', '!', '?', '\n'];

/** The clause around a price, as a short context for the card. */
function clauseAround(text: string, span: Span): string {
  const head = Math.max(...CLAUSE_ENDS.map((mark) => text.lastIndexOf(mark, span.start - 1)));
  const tailCandidates = CLAUSE_ENDS.map((mark) => text.indexOf(mark, span.end)).filter((at) => at >= 0 && !/\d/.test(text[at + 1] ?? ''));
  const tail = tailCandidates.length > 0 ? Math.min(...tailCandidates) : text.length;
  const clause = text.slice(head + 1, tail).trim();
  return clause.length > 120 ? `${clause.slice(0, 117)}...` : clause;
}

interface ResolvedCurrency {
  readonly currency: string;
  readonly note?: string;
}

function resolveCurrency(found: Found, country: () => TextCountry | undefined): ResolvedCurrency | undefined {
  if (found.marker.currency !== undefined) return { currency: found.marker.currency };
  const familyRule = AMBIGUOUS_FAMILIES[found.marker.family];
  const about = country();
  const byCountry = about ? familyRule.byCountry[about.code] : undefined;
  if (about && byCountry) {
    return { currency: byCountry, note: `'${found.markerText}' read as ${byCountry}: the text is about ${about.name} (${about.evidence})` };
  }
  if (!familyRule.fallback) return undefined;
  return { currency: familyRule.fallback, note: `'${found.markerText}' read as ${familyRule.fallback} by default: ${DEFAULT_FAMILY_NOTE}` };
}

/**
 * Every price said in the text, in en, fr, es or de: an amount in digits or words with a currency symbol, ISO
 * code or word beside it. Numbers without a currency ("bus 42", "20 gigabytes", "at 7 pm") are never prices,
 * unless they are an alternative or a range of a price just said.
 */
export function extractPrices(text: string): Price[] {
  const folded = foldText(text);
  let country: TextCountry | undefined | null = null;
  const countryOnce = (): TextCountry | undefined => {
    if (country === null) country = countryOfText(text);
    return country;
  };
  const prices: Price[] = [];
  for (const found of pairAmounts(text, folded)) {
    const resolved = resolveCurrency(found, countryOnce);
    if (!resolved || !(found.amount > 0)) continue;
    const clause = clauseAround(text, found);
    prices.push({
      originalText: text.slice(found.start, found.end),
      amount: Math.round(found.amount * 100) / 100,
      currency: resolved.currency,
      context: resolved.note ? `${clause} (${resolved.note})` : clause,
    });
  }
  return prices;
}
