import type { ExchangeRates, RatesFeed } from '../../ports/rates';
import { againstUsd, parseEcbDailyXml } from '../ecb-reference-rates';

// The file is a few KB; a feed that has not answered in this long is down for today's refresh.
const FEED_TIMEOUT_MS = 10_000;

/** The ECB's daily reference rates (no key needed), rebased on USD. `url` is configurable so tests use a local server. */
export function createEcbRatesFeed(options: { readonly url: string }): RatesFeed {
  return {
    async fetchLatest(): Promise<ExchangeRates> {
      const response = await fetch(options.url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`ECB reference rates: the feed answered ${response.status}`);
      return { ...againstUsd(parseEcbDailyXml(await response.text())), source: 'daily' };
    },
  };
}
