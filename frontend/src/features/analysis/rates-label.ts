import { RATES_STALE_AFTER_DAYS, type RatesInfo } from '@wayfarer/shared/api/analysis';

/** Which label the price card gives the rates: their day, their day and that they are old, or the snapshot's. */
export type RatesFreshness = 'daily' | 'stale' | 'snapshot';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/SPEC.md §2: the shipped snapshot is always labelled as such, whatever its day; daily rates older than
 * RATES_STALE_AFTER_DAYS (the refresh has been failing: the ECB publishes every working day) are labelled old.
 */
export function ratesFreshness(rates: RatesInfo, now: Date): RatesFreshness {
  if (rates.source === 'snapshot') return 'snapshot';
  // Whole calendar days (UTC, as the ECB dates its rates) between the rates' day and today.
  const ageDays = (Date.parse(now.toISOString().slice(0, 10)) - Date.parse(rates.date)) / DAY_MS;
  return ageDays > RATES_STALE_AFTER_DAYS ? 'stale' : 'daily';
}

export const RATES_LABEL_KEYS = {
  daily: 'analysis_rates_date',
  stale: 'analysis_rates_stale',
  snapshot: 'analysis_rates_snapshot',
} as const satisfies Record<RatesFreshness, string>;
