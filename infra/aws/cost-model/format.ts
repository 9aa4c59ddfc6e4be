/** How the cost model's tables write numbers (cost-model.ts, relay-cost.ts). */

/** `1234.5` -> `1,235`; with digits, that many decimals. */
export function round(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** Dollars: cents below 10, whole dollars with separators above. */
export const usd = (value: number): string =>
  value < 10 ? value.toFixed(2) : value.toLocaleString('en-US', { maximumFractionDigits: 0 });
