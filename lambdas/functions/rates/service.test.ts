import { describe, expect, it } from 'vitest';
import type { ExchangeRates, RatesCache } from '../../ports/rates';
import { exchangeRates, refreshRates } from './service';

const RATES: ExchangeRates = { date: '2026-11-20', rates: { USD: 1, EUR: 0.8, JPY: 150 } };
const rates = { latest: () => Promise.resolve(RATES) };

describe('rates service', () => {
  it('answers the rates against USD with their day and source (daily unless they are the shipped snapshot)', async () => {
    expect(await exchangeRates(rates)).toEqual({ rates: RATES.rates, date: '2026-11-20', source: 'daily' });
    const snapshot = { latest: () => Promise.resolve({ ...RATES, source: 'snapshot' as const }) };
    expect(await exchangeRates(snapshot)).toMatchObject({ source: 'snapshot' });
  });

  it('refreshes nothing without a feed, and saves the feed rates with one', async () => {
    const saved: ExchangeRates[] = [];
    const cache: RatesCache = { ...rates, save: async (latest) => void saved.push(latest) };
    expect(await refreshRates({ feed: undefined, cache })).toEqual({ refreshed: false });
    const feed = { fetchLatest: () => Promise.resolve({ ...RATES, date: '2026-11-23' }) };
    expect(await refreshRates({ feed, cache })).toEqual({ refreshed: true, date: '2026-11-23' });
    expect(saved).toEqual([{ ...RATES, date: '2026-11-23' }]);
  });
});
