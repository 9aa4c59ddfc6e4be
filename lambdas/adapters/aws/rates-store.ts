import * as z from 'zod';
import { exchangeRatesResponseSchema } from '@wayfarer/shared/api/analysis';
import type { ExchangeRates, RatesCache } from '../../ports';
import { ratesKey, type Table } from './table';

const storedRatesSchema = exchangeRatesResponseSchema.extend({ date: z.iso.date() });

/** Rates change once a day: a container rereads the table at most this often. */
export const RATES_REREAD_MS = 5 * 60_000;

/**
 * The latest rates in the table (`RATES` / `LATEST`, written by the daily refresh). Until the first refresh,
 * or when the item cannot be read or is not what the refresh writes, the shipped rates answer instead: a
 * conversion on older rates serves a traveller better than none.
 */
export function createRatesStore(
  table: Table,
  shipped: ExchangeRates,
  clock: () => number = Date.now,
): RatesCache {
  let held: { readonly rates: ExchangeRates; readonly until: number } | undefined;
  const hold = (rates: ExchangeRates): ExchangeRates => {
    held = { rates, until: clock() + RATES_REREAD_MS };
    return rates;
  };
  return {
    async latest() {
      if (held !== undefined && clock() < held.until) return held.rates;
      const item = await table.get(ratesKey()).catch(() => undefined);
      const stored = storedRatesSchema.safeParse(item);
      return hold(stored.success && stored.data.date >= shipped.date ? stored.data : shipped);
    },
    async save(latest) {
      await table.put({ ...ratesKey(), date: latest.date, rates: { ...latest.rates } });
      hold(latest);
    },
  };
}
