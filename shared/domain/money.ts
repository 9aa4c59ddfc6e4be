/** Units of each currency per 1 US dollar, keyed by ISO 4217 code (docs/SPEC.md §3: rates against USD). */
export type RatesAgainstUsd = Readonly<Record<string, number>>;

export type ConversionResult =
  | { readonly ok: true; readonly amount: number }
  | { readonly ok: false; readonly reason: 'missing-rate'; readonly currency: string };

const USD = 'USD';
const FORMAT_LOCALE = 'en-US';

/**
 * Rounds to 2 decimals as a person would (1.005 -> 1.01): shifting the decimal point in the number's text avoids
 * the binary error of `x * 100`.
 */
export function roundToCents(value: number): number {
  // Beyond this, doubles hold no cents to round and the exponent trick below would produce NaN.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return value;
  const shifted = Number(`${value}e2`);
  const rounded = Number.isFinite(shifted)
    ? Number(`${Math.round(shifted)}e-2`)
    : Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

function usdRate(currency: string, rates: RatesAgainstUsd): number | undefined {
  const rate = currency === USD ? (rates[USD] ?? 1) : rates[currency];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * docs/SPEC.md §7: converts through USD (amount / rate[from] * rate[to]) and rounds to 2 decimals. A currency without a
 * usable rate gives a typed failure instead of NaN, so the caller can show price_no_rate_available.
 */
export function convertViaUsd(
  amount: number,
  from: string,
  to: string,
  rates: RatesAgainstUsd,
): ConversionResult {
  const source = from.trim().toUpperCase();
  const target = to.trim().toUpperCase();
  if (source === target) return { ok: true, amount: roundToCents(amount) };
  const sourceRate = usdRate(source, rates);
  if (sourceRate === undefined) return { ok: false, reason: 'missing-rate', currency: source };
  const targetRate = usdRate(target, rates);
  if (targetRate === undefined) return { ok: false, reason: 'missing-rate', currency: target };
  return { ok: true, amount: roundToCents((amount / sourceRate) * targetRate) };
}

export interface PriceConversionFields {
  readonly targetCurrency: string;
  readonly convertedAmount: number;
  readonly isAlreadyInTargetCurrency: boolean;
}

export type PriceConversionResult<P> =
  | { readonly ok: true; readonly price: P & PriceConversionFields }
  | { readonly ok: false; readonly reason: 'missing-rate'; readonly currency: string };

/** Adds the docs/SPEC.md §3 conversion fields to a detected price. */
export function convertPrice<P extends { readonly amount: number; readonly currency: string }>(
  price: P,
  targetCurrency: string,
  rates: RatesAgainstUsd,
): PriceConversionResult<P> {
  const target = targetCurrency.trim().toUpperCase();
  const conversion = convertViaUsd(price.amount, price.currency, target, rates);
  if (!conversion.ok) return conversion;
  return {
    ok: true,
    price: {
      ...price,
      targetCurrency: target,
      convertedAmount: conversion.amount,
      isAlreadyInTargetCurrency: price.currency.trim().toUpperCase() === target,
    },
  };
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * docs/SPEC.md §5: the currency style of `locale`, en-US unless told ("$1,234.50", "€12.00"; ja-JP "￥1,500"); a code
 * Intl rejects gives "amount CODE" instead of an exception in the middle of rendering.
 */
export function formatCurrency(amount: number, currency: string, locale: string = FORMAT_LOCALE): string {
  try {
    const key = `${locale}|${currency}`;
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
      formatters.set(key, formatter);
    }
    return formatter.format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
