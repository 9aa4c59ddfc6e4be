import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  CURRENCY_OPTIONS,
  currencyEnglishName,
  currencyLabel,
  isOfferedCurrency,
} from './currencies';
import { LANGUAGES } from './languages';

describe('currency list', () => {
  it('holds each language currency once, plus USD', () => {
    const expected = new Set([...LANGUAGES.map((option) => option.currency), 'USD']);
    expect(new Set(CURRENCY_CODES)).toEqual(expected);
    expect(CURRENCY_CODES).toHaveLength(expected.size);
  });

  it('is sorted by code', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
  });

  it('labels each currency "CODE - English name"', () => {
    expect(CURRENCY_OPTIONS.find((option) => option.value === 'EUR')?.label).toBe('EUR - Euro');
    expect(CURRENCY_OPTIONS.find((option) => option.value === 'USD')?.label).toBe('USD - US Dollar');
    expect(CURRENCY_OPTIONS.find((option) => option.value === 'GBP')?.label).toBe('GBP - British Pound');
    expect(CURRENCY_OPTIONS.find((option) => option.value === 'JPY')?.label).toBe('JPY - Japanese Yen');
    expect(CURRENCY_OPTIONS.find((option) => option.value === 'CNY')?.label).toBe('CNY - Chinese Yuan');
    for (const option of CURRENCY_OPTIONS) expect(option.label).toMatch(/^[A-Z]{3} - \S/);
  });

  it('agrees with the CLDR names that Intl gives in this runtime', () => {
    const intl = new Intl.DisplayNames(['en'], { type: 'currency' });
    for (const code of CURRENCY_CODES) expect(currencyEnglishName(code), code).toBe(intl.of(code));
  });
});

describe('currencyEnglishName', () => {
  it('names a currency outside the list through Intl', () => {
    expect(currencyEnglishName('CHF')).toBe('Swiss Franc');
  });

  it('falls back to the code for an unknown currency', () => {
    expect(currencyEnglishName('XQQ')).toBe('XQQ');
    expect(currencyLabel('xqq')).toBe('XQQ - XQQ');
  });
});

describe('isOfferedCurrency', () => {
  it('accepts listed codes only', () => {
    expect(isOfferedCurrency('EUR')).toBe(true);
    expect(isOfferedCurrency('CHF')).toBe(false);
  });
});
