import type { RatesSource } from '@wayfarer/shared/api/analysis';
import type { Rates, RatesCache, RatesFeed } from '../../ports/rates';

export async function exchangeRates(
  rates: Rates,
): Promise<{ rates: Record<string, number>; date: string; source: RatesSource }> {
  const latest = await rates.latest();
  return { rates: { ...latest.rates }, date: latest.date, source: latest.source ?? 'daily' };
}

export type RefreshOutcome =
  { readonly refreshed: false } | { readonly refreshed: true; readonly date: string };

/**
 * The daily refresh: the feed's rates replace the cached ones. Without a feed (the local cloud) there is
 * nothing to do; a feed that fails throws, so the schedule's retries and dead-letter alarm see it.
 */
export async function refreshRates(ports: {
  readonly feed: RatesFeed | undefined;
  readonly cache: RatesCache;
}): Promise<RefreshOutcome> {
  if (ports.feed === undefined) return { refreshed: false };
  const latest = await ports.feed.fetchLatest();
  await ports.cache.save(latest);
  return { refreshed: true, date: latest.date };
}
