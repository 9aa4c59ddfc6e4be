import * as z from 'zod';
import { exchangeRatesResponseSchema } from '@wayfarer/shared/api/analysis';
import type { ExchangeRates } from '../../ports/rates';

/*
 * The RATES item, in a module of its own: table.ts imports @aws-sdk/lib-dynamodb, which is not marked free
 * of side effects, so anything taken from table.ts brings the whole DynamoDB client into a bundle. The
 * analysis functions read this item without that client (signed-rates-reader.ts); its key is in table-keys.ts.
 */

const storedRatesSchema = /* @__PURE__ */ exchangeRatesResponseSchema.extend({ date: z.iso.date() });

/** Rates change once a day: a container rereads the item at most this often. */
export const RATES_REREAD_MS = 5 * 60_000;

/**
 * The rates of the RATES item when it is what the refresh writes and not older than the shipped ones; else
 * (no refresh yet, an unreadable or foreign item) the shipped rates: older rates serve a traveller better
 * than none.
 */
export function ratesFromItem(item: unknown, shipped: ExchangeRates): ExchangeRates {
  const stored = storedRatesSchema.safeParse(item);
  return stored.success && stored.data.date >= shipped.date
    ? { date: stored.data.date, rates: stored.data.rates, source: 'daily' }
    : shipped;
}

/** A read of the rates kept for RATES_REREAD_MS; `hold` replaces what is kept (after a refresh). */
export function heldRates(read: () => Promise<ExchangeRates>, clock: () => number = Date.now) {
  let held: { readonly rates: ExchangeRates; readonly until: number } | undefined;
  const hold = (rates: ExchangeRates): ExchangeRates => {
    held = { rates, until: clock() + RATES_REREAD_MS };
    return rates;
  };
  return {
    latest: async (): Promise<ExchangeRates> =>
      held !== undefined && clock() < held.until ? held.rates : hold(await read()),
    hold,
  };
}
