import { describe, expect, it } from 'vitest';
import { convertPrice, convertViaUsd, formatCurrency, roundToCents } from './money';

const rates = { USD: 1, EUR: 0.9, JPY: 150, GBP: 0.8 };

describe('convertViaUsd', () => {
  it('converts through USD', () => {
    expect(convertViaUsd(90, 'EUR', 'JPY', rates)).toEqual({ ok: true, amount: 15000 });
    expect(convertViaUsd(10, 'USD', 'EUR', rates)).toEqual({ ok: true, amount: 9 });
    expect(convertViaUsd(1500, 'JPY', 'USD', rates)).toEqual({ ok: true, amount: 10 });
  });

  it('rounds the result to 2 decimals', () => {
    expect(convertViaUsd(10, 'EUR', 'GBP', rates)).toEqual({ ok: true, amount: 8.89 });
  });

  it('treats USD as 1 when the rates omit it', () => {
    expect(convertViaUsd(10, 'USD', 'EUR', { EUR: 0.9 })).toEqual({ ok: true, amount: 9 });
  });

  it('returns the amount unchanged for the same currency, with or without rates', () => {
    expect(convertViaUsd(12.5, 'CHF', 'chf', {})).toEqual({ ok: true, amount: 12.5 });
  });

  it('reports a missing rate instead of NaN', () => {
    expect(convertViaUsd(10, 'CHF', 'EUR', rates)).toEqual({
      ok: false,
      reason: 'missing-rate',
      currency: 'CHF',
    });
    expect(convertViaUsd(10, 'EUR', 'XYZ', rates)).toEqual({
      ok: false,
      reason: 'missing-rate',
      currency: 'XYZ',
    });
  });

  it('treats a zero, negative or non-finite rate as missing', () => {
    expect(convertViaUsd(10, 'EUR', 'ABC', { EUR: 0.9, ABC: 0 }).ok).toBe(false);
    expect(convertViaUsd(10, 'EUR', 'ABC', { EUR: 0.9, ABC: -2 }).ok).toBe(false);
    expect(convertViaUsd(10, 'EUR', 'ABC', { EUR: 0.9, ABC: Number.NaN }).ok).toBe(false);
  });
});

describe('roundToCents', () => {
  it('rounds half up where binary arithmetic would round down', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(2.675)).toBe(2.68);
  });

  it('keeps small, large and non-finite values sane', () => {
    expect(roundToCents(1e-7)).toBe(0);
    expect(roundToCents(123456789.123)).toBe(123456789.12);
    expect(Number.isNaN(roundToCents(Number.NaN))).toBe(true);
  });
});

describe('convertPrice', () => {
  it('adds the target currency, the converted amount and whether it was already in that currency', () => {
    const price = { originalText: '10 euros', amount: 10, currency: 'EUR', context: 'coffee' };
    expect(convertPrice(price, 'usd', rates)).toEqual({
      ok: true,
      price: { ...price, targetCurrency: 'USD', convertedAmount: 11.11, isAlreadyInTargetCurrency: false },
    });
    expect(convertPrice(price, 'EUR', rates)).toMatchObject({
      ok: true,
      price: { convertedAmount: 10, isAlreadyInTargetCurrency: true },
    });
  });

  it('passes a missing rate through', () => {
    expect(convertPrice({ amount: 1, currency: 'CHF' }, 'EUR', rates)).toEqual({
      ok: false,
      reason: 'missing-rate',
      currency: 'CHF',
    });
  });
});

describe('formatCurrency', () => {
  it('formats in en-US style', () => {
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(12, 'EUR')).toBe('€12.00');
    expect(formatCurrency(1500, 'JPY')).toBe('¥1,500');
  });

  it("formats in the given locale's style", () => {
    expect(formatCurrency(1500, 'JPY', 'ja-JP')).toBe(
      new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(1500),
    );
    expect(formatCurrency(12, 'EUR', 'fr-FR')).toMatch(/^12,00\s€$/);
    expect(formatCurrency(12, 'EUR', 'en-US')).toBe('€12.00');
  });

  it('falls back to "amount CODE" for an invalid code', () => {
    expect(formatCurrency(12.5, 'n/a')).toBe('12.5 n/a');
    expect(formatCurrency(3, 'EURO')).toBe('3 EURO');
  });
});
