import type { ExchangeRates, Rates } from '../../ports/rates';
import { heldRates, ratesFromItem } from './rates-item';
import { ratesKey } from './table-keys';
import { createSignedGetItem, type SignedTableOptions } from './signed-get-item';

/*
 * The RATES item read with one signed GetItem (signed-get-item.ts), without the DynamoDB client; consistent reads
 * are not needed: the item changes once a day.
 */

/** Reads the cached rates; falls back to `shipped` as the table-backed store does. */
export function createSignedRatesReader(options: SignedTableOptions, shipped: ExchangeRates): Rates {
  const getItem = createSignedGetItem(options);
  const { latest } = heldRates(async () =>
    ratesFromItem(await getItem(ratesKey()).catch(() => undefined), shipped),
  );
  return { latest };
}
