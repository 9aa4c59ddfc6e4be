import type { ExchangeRates } from '../ports/rates';

/** The ECB's daily euro reference rates: about 30 currencies, published on TARGET working days around 16:00 CET. */
export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const DAY = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/;
const RATE = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9]+(?:\.[0-9]+)?)['"]\s*\/>/g;

/** Units per 1 EUR, with their day, as the ECB publishes them. */
export interface EuroReferenceRates {
  readonly date: string;
  readonly perEuro: Readonly<Record<string, number>>;
}

/**
 * Reads eurofxref-daily.xml. The file is machine-written in one fixed shape (a dated Cube of currency/rate
 * Cubes), so two patterns read it without an XML parser in the bundle; anything else is refused, never guessed.
 */
export function parseEcbDailyXml(xml: string): EuroReferenceRates {
  const date = DAY.exec(xml)?.[1];
  if (date === undefined) throw new Error('ECB reference rates: no dated Cube in the feed');
  const perEuro: Record<string, number> = {};
  for (const [, currency = '', rate = ''] of xml.matchAll(RATE)) {
    const value = Number(rate);
    if (Number.isFinite(value) && value > 0) perEuro[currency] = value;
  }
  if (perEuro['USD'] === undefined) throw new Error('ECB reference rates: the feed has no USD rate');
  return { date, perEuro };
}

/**
 * Rebases euro rates on the dollar (docs/SPEC.md §3: rates against USD): units of X per USD = (X per EUR) /
 * (USD per EUR). EUR itself, the base the ECB leaves out, becomes 1 / (USD per EUR).
 */
export function againstUsd({ date, perEuro }: EuroReferenceRates): ExchangeRates {
  const usdPerEuro = perEuro['USD'];
  if (usdPerEuro === undefined || !(usdPerEuro > 0)) throw new Error('ECB reference rates: no USD rate');
  const rates: Record<string, number> = { USD: 1, EUR: 1 / usdPerEuro };
  for (const [currency, perEur] of Object.entries(perEuro)) {
    if (currency !== 'USD') rates[currency] = perEur / usdPerEuro;
  }
  return { date, rates };
}
