import { describe, expect, it } from 'vitest';
import type { Price } from '@wayfarer/shared/api/analysis';
import { CapabilityUnavailableError } from '../../http/errors';
import type { Analyzer } from '../../ports/analysis';
import type { ExchangeRates, Rates } from '../../ports/rates';
import { analyseEmergency, convertedPrices, findLocations } from './service';

const RATES: ExchangeRates = { date: '2026-11-20', rates: { USD: 1, EUR: 0.8, JPY: 150 } };
const rates: Rates = { latest: () => Promise.resolve(RATES) };
const price = (amount: number, currency: string, originalText = `${amount} ${currency}`): Price => ({
  originalText,
  amount,
  currency,
  context: '',
});
const analyzerFinding = (found: Partial<Analyzer>) => () =>
  Promise.resolve({
    emergency: () => Promise.reject(new Error('not scripted')),
    locations: () => Promise.resolve([]),
    prices: () => Promise.resolve([]),
    ...found,
  } satisfies Analyzer);
const failing = () => Promise.reject(new Error('model down'));

describe('analysis service', () => {
  it('converts through USD and rounds to 2 decimals', async () => {
    const analyzer = analyzerFinding({
      prices: () => Promise.resolve([price(10, 'EUR'), price(1000, 'JPY')]),
    });
    const { convertedPrices: result } = await convertedPrices({ analyzer, rates }, 'text', 'USD');
    expect(result.map((entry) => entry.convertedAmount)).toEqual([12.5, 6.67]);
    expect(result[0]).toMatchObject({ targetCurrency: 'USD', isAlreadyInTargetCurrency: false });
  });

  it('says which rates converted the prices: their day, and whether they are the shipped snapshot', async () => {
    const analyzer = analyzerFinding({ prices: () => Promise.resolve([price(10, 'EUR')]) });
    expect((await convertedPrices({ analyzer, rates }, 'text', 'USD')).rates).toEqual({
      date: '2026-11-20',
      source: 'daily',
    });
    const snapshot: Rates = { latest: () => Promise.resolve({ ...RATES, source: 'snapshot' }) };
    expect((await convertedPrices({ analyzer, rates: snapshot }, 'text', 'USD')).rates).toEqual({
      date: '2026-11-20',
      source: 'snapshot',
    });
  });

  it('marks a price already in the target currency', async () => {
    const analyzer = analyzerFinding({ prices: () => Promise.resolve([price(4.99, 'USD')]) });
    const { convertedPrices: result } = await convertedPrices({ analyzer, rates }, 'text', 'USD');
    expect(result[0]).toMatchObject({ convertedAmount: 4.99, isAlreadyInTargetCurrency: true });
  });

  it('keeps a price whose currency has no rate, without a converted amount, so the card says No rate available', async () => {
    const analyzer = analyzerFinding({
      prices: () => Promise.resolve([price(500, 'KHR'), price(10, 'EUR')]),
    });
    const { convertedPrices: result } = await convertedPrices({ analyzer, rates }, 'text', 'JPY');
    expect(result[0]).toEqual({
      ...price(500, 'KHR'),
      targetCurrency: 'JPY',
      isAlreadyInTargetCurrency: false,
    });
    expect(result[1]?.convertedAmount).toBe(1875);
  });

  it('drops prices the SPEC §5 filter refuses (n/a text, zero amount, n/a currency)', async () => {
    const found = [price(0, 'EUR'), price(3, 'N/A'), price(5, 'EUR', 'n/a'), price(7, 'EUR')];
    const analyzer = analyzerFinding({ prices: () => Promise.resolve(found) });
    const { convertedPrices: result } = await convertedPrices({ analyzer, rates }, 'text', 'EUR');
    expect(result.map((entry) => entry.amount)).toEqual([7]);
  });

  it('drops locations without a usable name or original text', async () => {
    const place = { address: '', type: 'city' as const, latitude: '', longitude: '' };
    const analyzer = analyzerFinding({
      locations: () =>
        Promise.resolve([
          { ...place, name: 'Paris', originalText: 'Paris' },
          { ...place, name: 'N/A', originalText: 'there' },
          { ...place, name: 'Lyon', originalText: ' ' },
        ]),
    });
    expect((await findLocations(analyzer, 'text')).locations.map((entry) => entry.name)).toEqual(['Paris']);
  });

  it('fails one analysis alone with a 503 carrying its card message key', async () => {
    const analyzer = analyzerFinding({ emergency: failing, prices: failing });
    await expect(analyseEmergency(analyzer, 'text')).rejects.toMatchObject({
      statusCode: 503,
      message: 'failed_to_analyze_emergency',
    });
    await expect(convertedPrices({ analyzer, rates }, 'text', 'USD')).rejects.toBeInstanceOf(
      CapabilityUnavailableError,
    );
    await expect(findLocations(analyzer, 'text')).resolves.toEqual({ locations: [] });
  });

  it('fails with a 503 when the analyser cannot be built here', async () => {
    await expect(findLocations(failing, 'text')).rejects.toMatchObject({
      statusCode: 503,
      message: 'failed_to_analyze_locations',
    });
  });
});
