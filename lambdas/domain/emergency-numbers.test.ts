import { describe, expect, it } from 'vitest';
import { EMERGENCY_NUMBERS, emergencyNumbersOf } from './emergency-numbers';

// Every current two-letter code ICU names as a region, less the codes that are not countries.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);
function regionCodesIcuNames(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      // Retired codes (UK, YU, SU...) canonicalise to another code or none.
      const current = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
      if (current && !NOT_COUNTRIES.has(code) && names.of(code) !== undefined) codes.push(code);
    }
  }
  return codes;
}

describe('emergency numbers', () => {
  it('covers every country ICU knows', () => {
    const missing = regionCodesIcuNames().filter((code) => !EMERGENCY_NUMBERS.has(code));
    expect(missing).toEqual([]);
  });

  it('gives 112 as the general number in every EU state', () => {
    const eu = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
    expect(eu.filter((code) => emergencyNumbersOf(code)?.general !== '112')).toEqual([]);
  });

  it('knows the well-known national numbers', () => {
    expect(emergencyNumbersOf('us')?.general).toBe('911');
    expect(emergencyNumbersOf('GB')?.general).toBe('999');
    expect(emergencyNumbersOf('JP')).toMatchObject({ police: '110', medical: '119', fire: '119' });
    expect(emergencyNumbersOf('AU')?.general).toBe('000');
    expect(emergencyNumbersOf('FR')).toMatchObject({ police: '17', medical: '15', fire: '18' });
  });

  it('holds only digits', () => {
    for (const numbers of EMERGENCY_NUMBERS.values()) {
      for (const value of Object.values(numbers)) expect(value).toMatch(/^\d*$/);
    }
  });
});
