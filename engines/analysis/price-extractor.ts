import type { Price } from '@wayfarer/shared/api/analysis';
import {
  AMBIGUOUS_FAMILIES,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  MINOR_UNIT_WORDS,
  markerForCode,
  type CurrencyMarker,
} from './currency-lexicon';
import { CURRENCY_FIRST_WORDS, CURRENCY_PHRASES, LONGEST_CURRENCY_PHRASE, phraseKey } from './currency-names';
import { asAnalysed, type AnalysedText, type TextInput } from './analysed-text';
import { inEveryLanguage } from './lang/packs';
import type { AmountSpan } from './numbers';
import { countryOfText, type TextCountry } from './text-country';
import { escapeRegExp, matchesOf } from './text-fold';

export { parseNumeral } from './numbers';

interface Span {
  readonly start: number;
  readonly end: number;
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
const MINOR_UNITS = new Set(MINOR_UNIT_WORDS);

/** Words after a bare number that make it a count, a size or a time rather than a price. */
const NOT_MONEY_AFTER: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.notMoneyAfter));
/**
 * Words before a bare number that make it a bus, a room, a gate, a flight or a time rather than a price:
 * "bus 42", "chambre 305", "Gleis 9", "alle 8", "às 9".
 */
const NOT_MONEY_BEFORE: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.notMoneyBefore));
/** Words that may follow an amount of a list whose currency is said once: "6, steak 24 and dessert 8 euros". */
const LIST_FOLLOWERS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.listFollowers));
/** "and the beer 200 in Goa", "y la cerveza 200 en Goa": a place named after the last amount of a list. */
const PLACE_FOLLOWERS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.placeFollowers));
/** "y el desayuno 10 más", "das Frühstück 12 extra": an item priced on top of the one before. */
const EXTRA_FOLLOWERS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.extraFollowers));
/** What joins the items of a priced list: "20 soles y el taxi ocho", "two hundred baht, and the entry five hundred". */
const LIST_JOINERS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.listJoiners));
/** Words between a price and the next item of its list: the item, its article, "then", "only"... */
const LIST_ITEM_WORDS = 4;
/** Said before a currency that names the currency of a whole list: "all in euros", "prix en euros". */
const LIST_CURRENCY_INTRO = /(?:^|\s)(?:in|en|em|im)\s+$/u;
const OR_CONNECTORS: ReadonlySet<string> = new Set(['-', '–', ...inEveryLanguage((pack) => pack.prices.orConnectors)]);
/** Words that may sit between a price and a cheaper or dearer alternative: "18 euros each, or 16 online". */
const GAP_FILLERS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.prices.gapFillers));
const DEFAULT_FAMILY_NOTE = 'no country named in the text';
const HALF_AFTER_CURRENCY = /^\s+(?:and a half|et demie?|y medi[oa]|e mezz[oa]|e mei[oa]|und ein halb)(?![\p{L}])/u;
/**
 * An amount of cents alone: "50p", "50 Cent", "80 centimes", "cincuenta céntimos". Pence are sterling and Rappen
 * Swiss; cents are the euro's, or the dollar's in a country of dollars.
 */
const MINOR_UNIT_ALONE = /^(?:(p|pence)|\s+(pence|cents?|centimes?|centimos?|centesim[oi]|centimos|rappen))(?![\p{L}])/u;

function overlaps(left: Span, right: Span): boolean {
  return left.start < right.end && right.start < left.end;
}

/** Currency words and phrases, looked up over the tokens: "euros", "francs suisses", "coronas checas". */
function wordMarkers({ folded, tokens }: AnalysedText): MarkerSpan[] {
  const found: MarkerSpan[] = [];
  for (let first = 0; first < tokens.length; first += 1) {
    const head = tokens[first];
    if (!head || !CURRENCY_FIRST_WORDS.has(head.word.split('-')[0] ?? '')) continue;
    for (let last = Math.min(tokens.length, first + LONGEST_CURRENCY_PHRASE) - 1; last >= first; last -= 1) {
      const tail = tokens[last];
      if (!tail) continue;
      const marker = CURRENCY_PHRASES.get(phraseKey(folded.slice(head.start, tail.end)));
      if (!marker) continue;
      // "two pounds of apples", "deux livres de cerises": a weight, not money.
      if (marker.family === 'pound' && /^\s+(?:of|de|d'|du|des)\b/.test(folded.slice(tail.end))) break;
      found.push({ start: head.start, end: tail.end, marker, kind: 'word' });
      break;
    }
  }
  return found;
}

function markers(analysed: AnalysedText): MarkerSpan[] {
  const { text } = analysed;
  const all: MarkerSpan[] = [];
  for (const match of matchesOf(SYMBOL_PATTERN, text)) {
    const marker = CURRENCY_SYMBOLS[match[0]];
    if (marker) all.push({ start: match.index, end: match.index + match[0].length, marker, kind: 'symbol' });
  }
  for (const match of matchesOf(CODE_PATTERN, text)) {
    all.push({ start: match.index, end: match.index + match[0].length, marker: markerForCode(match[0]), kind: 'code' });
  }
  all.push(...wordMarkers(analysed));
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
  // "tre sterline e mezzo", "two pounds and a half", "dos euros y medio": half a unit.
  const half = HALF_AFTER_CURRENCY.exec(rest);
  if (half) return { value: 50, end: after + half[0].length };
  const joiner = /^\s+(?:(and|et|y|und|e|con|com)\s+)?/.exec(rest);
  if (!joiner) return undefined;
  // "un euro con veinte", "cinco reais com cinquenta": "con" and "com" join only cents to a price.
  const centsJoiner = joiner[1] === 'con' || joiner[1] === 'com';
  const start = after + joiner[0].length;
  const minor = amounts.find((amount) => amount.start === start);
  if (!minor || minor.scaled || !Number.isInteger(minor.value) || minor.value <= 0 || minor.value >= 100) return undefined;
  const tail = folded.slice(minor.end);
  const unit = /^\s+([\p{L}]+)/u.exec(tail);
  if (unit && MINOR_UNITS.has(unit[1] ?? '')) return { value: minor.value, end: minor.end + unit[0].length };
  if (centsJoiner) return { value: minor.value, end: minor.end };
  // A spelled minor part ends the phrase ("dix euros cinquante."); digits may run on ("9 pounds 40 in London").
  const spelled = !/\d/.test(folded.slice(minor.start, minor.end));
  // "fünfzehn Euro fünfzig gezahlt": spelled tens said right after the currency are its cents.
  if (spelled && joiner[1] === undefined && minor.value >= 10 && !NOT_MONEY_AFTER.has(unit?.[1] ?? '')) {
    return { value: minor.value, end: minor.end };
  }
  const endsPhrase =
    /^\s*(?:$|[.,;:!?)])/.test(tail) ||
    (unit !== null && GAP_FILLERS.has(unit[1] ?? '')) ||
    // "doce euros con cincuenta y la audioguía tres": a spelled number of cents may run on into the list.
    (unit !== null && LIST_FOLLOWERS.has(unit[1] ?? '') && minor.value >= 10);
  if (endsPhrase || (!spelled && unit && !NOT_MONEY_AFTER.has(unit[1] ?? ''))) {
    return { value: minor.value, end: minor.end };
  }
  return undefined;
}

/** The whole units before "con"/"com" when the amount with the currency is their cents ("quince con cincuenta euros"). */
function unitsBeforeCents(cents: AmountSpan, previous: AmountSpan | undefined, folded: string): AmountSpan | undefined {
  if (!previous || !Number.isInteger(previous.value) || previous.value <= 0) return undefined;
  if (cents.scaled || !Number.isInteger(cents.value) || cents.value <= 0 || cents.value >= 100) return undefined;
  return /^\s+(?:con|com)\s+$/.test(folded.slice(previous.end, cents.start)) ? previous : undefined;
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

function pairAmounts(analysed: AnalysedText): Found[] {
  const { text, folded, numbers: amounts } = analysed;
  const all = markers(analysed);
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
    // "quince con cincuenta euros", "cinco com cinquenta reais": the units said before "con" and the cents.
    const previous = amounts[index - 1];
    const units = takeBefore || !previous || consumed.has(previous) ? undefined : unitsBeforeCents(amount, previous, folded);
    if (units) consumed.add(units);
    const head = units ?? amount;
    const start = Math.min(head.start, takeBefore?.start ?? head.start);
    let end = Math.max(amount.end, takeAfter?.end ?? amount.end);
    let value = units ? units.value + amount.value / 100 : amount.value;
    if (takeAfter?.kind === 'word' && !units && Number.isInteger(value)) {
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
  for (const amount of amounts) {
    if (consumed.has(amount) || !Number.isInteger(amount.value) || amount.value <= 0 || amount.value >= 100) continue;
    const unit = MINOR_UNIT_ALONE.exec(folded.slice(amount.end));
    if (!unit) continue;
    const word = unit[1] ?? unit[2] ?? '';
    const marker = minorUnitMarker(word, analysed);
    consumed.add(amount);
    const end = amount.end + unit[0].length;
    found.push({ start: amount.start, end, amount: amount.value / 100, marker, markerText: text.slice(amount.end, end).trim() });
  }
  for (const bare of amounts) {
    if (consumed.has(bare) || bare.value <= 0) continue;
    const neighbour = found.find((price) => sharesCurrency(bare, price, folded));
    if (!neighbour) continue;
    consumed.add(bare);
    found.push({ start: bare.start, end: bare.end, amount: bare.value, marker: neighbour.marker, markerText: neighbour.markerText });
  }
  const listCurrency = currencySaidOnce(found, all.filter((marker) => !used.has(marker)), folded, text);
  if (listCurrency) {
    for (const bare of amounts) {
      if (consumed.has(bare)) continue;
      const item = bare.spelled ? spelledListItem(bare, found, folded, amounts) : isListAmount(bare, folded, text) ? bare : undefined;
      if (!item) continue;
      for (const other of amounts) if (other.start >= bare.start && other.end <= item.end) consumed.add(other);
      found.push({ start: bare.start, end: item.end, amount: item.value, ...listCurrency });
    }
  }
  return found.sort((left, right) => left.start - right.start);
}

const markerKey = (marker: CurrencyMarker): string => marker.currency ?? marker.family;

function minorUnitMarker(word: string, analysed: AnalysedText): CurrencyMarker {
  if (word === 'p' || word === 'pence') return markerForCode('GBP');
  if (word === 'rappen') return markerForCode('CHF');
  const country = countryOfText(analysed)?.code;
  return country && AMBIGUOUS_FAMILIES.dollar.byCountry[country] ? { family: 'dollar' } : markerForCode('EUR');
}

/**
 * The one currency of a text that names a currency once for several amounts: every price found has it and
 * no other currency is named ("soup 6, steak 24 and dessert 8 euros"), or it is said for the whole list
 * ("Coffee 3.20, croissant 2.80, all in euros").
 */
function currencySaidOnce(
  found: readonly Found[],
  unused: readonly MarkerSpan[],
  folded: string,
  text: string,
): { readonly marker: CurrencyMarker; readonly markerText: string } | undefined {
  const forList = unused.filter((marker) => marker.kind !== 'symbol' && LIST_CURRENCY_INTRO.test(folded.slice(Math.max(0, marker.start - 8), marker.start)));
  const named = [...found.map((price) => ({ marker: price.marker, markerText: price.markerText })), ...forList.map((marker) => ({ marker: marker.marker, markerText: text.slice(marker.start, marker.end) }))];
  const first = named[0];
  if (!first || named.some((item) => markerKey(item.marker) !== markerKey(first.marker))) return undefined;
  if (unused.some((marker) => !forList.includes(marker) && markerKey(marker.marker) !== markerKey(first.marker))) return undefined;
  return first;
}

/** A bare amount in digits that reads as one item of a priced list, not a count, a time, a year or a number. */
function isListAmount(bare: AmountSpan, folded: string, text: string): boolean {
  if (bare.spelled || bare.value <= 0) return false;
  if (Number.isInteger(bare.value) && bare.value >= 1000 && bare.value <= 2100 && !/[.,\s]/.test(folded.slice(bare.start, bare.end))) return false;
  const before = /([\p{L}]+)\s*$/u.exec(folded.slice(Math.max(0, bare.start - 20), bare.start))?.[1];
  if (before !== undefined && NOT_MONEY_BEFORE.has(before)) return false;
  const after = folded.slice(bare.end);
  if (/^\s*(?:$|[.,;:!?)\n])/.test(after) && !/^[.,:]\d/.test(after)) return true;
  const next = /^\s+([\p{L}]+)/u.exec(after)?.[1];
  if (next === undefined) return false;
  // "y la cerveza 200 en Goa": the place after it is a name, written with a capital.
  const placeAfter = PLACE_FOLLOWERS.has(next) && /^\s+\S+\s+\p{Lu}/u.test(text.slice(bare.end));
  const extra = EXTRA_FOLLOWERS.has(next) && !NOT_MONEY_AFTER.has(nextWord(folded, bare.end + (/^\s+\S+/u.exec(after)?.[0].length ?? 0)));
  return LIST_FOLLOWERS.has(next) || placeAfter || extra;
}

/**
 * A spelled amount that names the price of the next item of a list whose currency was said once ("veinte soles y
 * el taxi ocho", "venticinque euro, la prenotazione quattro"): it comes after a price of the same sentence, joined
 * by a comma or "and" over a few words, and ends the phrase. "uno con ochenta" takes its cents with it.
 */
function spelledListItem(
  bare: AmountSpan,
  found: readonly Found[],
  folded: string,
  amounts: readonly AmountSpan[],
): { readonly value: number; readonly end: number } | undefined {
  const previous = found.filter((price) => price.end <= bare.start).sort((left, right) => right.end - left.end)[0];
  if (!previous || !Number.isInteger(bare.value)) return undefined;
  const gap = folded.slice(previous.end, bare.start);
  const words = gap.match(/[\p{L}]+/gu) ?? [];
  if (/[\d.!?;:]/.test(gap) || words.length === 0 || words.length > LIST_ITEM_WORDS + 1) return undefined;
  if (!gap.includes(',') && !words.some((word) => LIST_JOINERS.has(word))) return undefined;
  const cents = /^\s+(?:con|com)\s+/.exec(folded.slice(bare.end));
  const minor = cents ? amounts.find((amount) => amount.start === bare.end + (cents[0].length)) : undefined;
  const withCents =
    minor && !minor.scaled && Number.isInteger(minor.value) && minor.value > 0 && minor.value < 100
      ? { value: bare.value + minor.value / 100, end: minor.end }
      : { value: bare.value, end: bare.end };
  // "and one for me": a lone "one" is an article more often than a price.
  if (withCents.value === 1) return undefined;
  const after = folded.slice(withCents.end);
  const next = /^\s+([\p{L}]+)/u.exec(after)?.[1];
  const endsPhrase = /^\s*(?:$|[.,;:!?)\n])/.test(after) || (next !== undefined && LIST_FOLLOWERS.has(next));
  return endsPhrase && !NOT_MONEY_AFTER.has(next ?? '') ? withCents : undefined;
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
export function extractPrices(input: TextInput): Price[] {
  const analysed = asAnalysed(input);
  const { text } = analysed;
  const countryOnce = (): TextCountry | undefined => countryOfText(analysed);
  const prices: Price[] = [];
  for (const found of pairAmounts(analysed)) {
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
