// Exchange rates: the daily feed, the cached RATES item, the shipped snapshot.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).
import type { RatesSource } from '@wayfarer/shared/api/analysis';

export interface ExchangeRates {
  /** Currency code -> units per 1 USD. */
  readonly rates: Readonly<Record<string, number>>;
  /** The day the rates are from, yyyy-mm-dd. */
  readonly date: string;
  /** The daily feed's (refreshed in AWS), or the snapshot shipped with the code; unset counts as daily. */
  readonly source?: RatesSource;
}

export interface Rates {
  latest(): Promise<ExchangeRates>;
}

/** Where the latest rates are kept between the daily refreshes (the table's RATES item). */
export interface RatesCache extends Rates {
  save(rates: ExchangeRates): Promise<void>;
}

/** A daily published source of exchange rates. */
export interface RatesFeed {
  fetchLatest(): Promise<ExchangeRates>;
}
