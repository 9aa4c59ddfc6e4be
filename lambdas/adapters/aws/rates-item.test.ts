import { describe, expect, it } from 'vitest';
import type { ExchangeRates } from '../../ports/rates';
import { heldRates, RATES_REREAD_MS, ratesFromItem } from './rates-item';
import { ratesKey } from './table-keys';

const SHIPPED: ExchangeRates = { date: '2024-01-04', rates: { USD: 1, EUR: 0.91 } };
const item = (date: string, rates: unknown) => ({ ...ratesKey(), date, rates });

describe('the RATES item', () => {
  it('answers the refreshed rates when they are not older than the shipped ones', () => {
    expect(ratesFromItem(item('2026-11-20', { USD: 1, EUR: 0.8 }), SHIPPED)).toEqual({
      date: '2026-11-20',
      rates: { USD: 1, EUR: 0.8 },
      source: 'daily',
    });
  });

  it('falls back to the shipped rates with no item, an older item or one the refresh did not write', () => {
    expect(ratesFromItem(undefined, SHIPPED)).toBe(SHIPPED);
    expect(ratesFromItem(item('2023-12-29', { USD: 1 }), SHIPPED)).toBe(SHIPPED);
    expect(ratesFromItem(item('2026-11-20', { USD: -1 }), SHIPPED)).toBe(SHIPPED);
    expect(ratesFromItem(item('yesterday', { USD: 1 }), SHIPPED)).toBe(SHIPPED);
  });

  it('is reread at most every RATES_REREAD_MS, and a refresh replaces what is held', async () => {
    let now = 0;
    let reads = 0;
    const rates = heldRates(
      async () => {
        reads += 1;
        return SHIPPED;
      },
      () => now,
    );
    await rates.latest();
    now = RATES_REREAD_MS - 1;
    await rates.latest();
    expect(reads).toBe(1);
    now = RATES_REREAD_MS;
    await rates.latest();
    expect(reads).toBe(2);
    const refreshed = { date: '2026-11-23', rates: { USD: 1 } };
    rates.hold(refreshed);
    expect(await rates.latest()).toBe(refreshed);
  });
});
