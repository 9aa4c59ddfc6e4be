import type { ExchangeRates, RatesCache } from '../../ports/rates';
import { heldRates, ratesFromItem } from './rates-item';
import { ratesKey } from './table-keys';
import type { Table } from './table';

/** The latest rates in the table (`RATES` / `LATEST`), written by the daily refresh, read with the table adapter. */
export function createRatesStore(table: Table, shipped: ExchangeRates, clock?: () => number): RatesCache {
  const rates = heldRates(
    async () => ratesFromItem(await table.get(ratesKey()).catch(() => undefined), shipped),
    clock,
  );
  return {
    latest: rates.latest,
    async save(latest) {
      await table.put({ ...ratesKey(), date: latest.date, rates: { ...latest.rates } });
      rates.hold(latest);
    },
  };
}
