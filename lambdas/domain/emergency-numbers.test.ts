import { describe, expect, it } from 'vitest';
import { EMERGENCY_NUMBERS, emergencyNumbersOf } from './emergency-numbers';

// Every current two-letter code ICU names as a region, less the codes that are not countries.
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'XK',
  'ZZ',
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'IC',
  'TA',
]);
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

// A second source, not AOSP: the EU/EEA 112 list (Directive (EU) 2018/1972 art. 109) and the numbers
// the national services of common travel destinations publish (police, medical, fire, general; '' = none).
const EU_EEA =
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' ');
const NATIONAL: Readonly<Record<string, readonly [string, string, string, string]>> = {
  FR: ['17', '15', '18', '112'],
  ES: ['091', '112', '080', '112'],
  IT: ['113', '118', '115', '112'],
  DE: ['110', '112', '112', '112'],
  PT: ['112', '112', '112', '112'],
  AT: ['133', '144', '122', '112'],
  CH: ['117', '144', '118', '112'],
  BE: ['101', '112', '112', '112'],
  NL: ['112', '112', '112', '112'],
  GR: ['100', '166', '199', '112'],
  HR: ['192', '194', '193', '112'],
  CZ: ['158', '155', '150', '112'],
  HU: ['107', '104', '105', '112'],
  PL: ['997', '999', '998', '112'],
  TR: ['155', '112', '110', '112'],
  GB: ['999', '999', '999', '999'],
  IE: ['999', '999', '999', '112'],
  US: ['911', '911', '911', '911'],
  CA: ['911', '911', '911', '911'],
  MX: ['911', '911', '911', '911'],
  BR: ['190', '192', '193', ''],
  AR: ['911', '107', '100', '911'],
  PE: ['105', '106', '116', ''],
  CL: ['133', '131', '132', ''],
  CO: ['123', '123', '123', '123'],
  MA: ['19', '15', '15', ''],
  EG: ['122', '123', '180', ''],
  JP: ['110', '119', '119', ''],
  CN: ['110', '120', '119', ''],
  TH: ['191', '1669', '199', '191'],
  IN: ['100', '108', '101', '112'],
  AU: ['000', '000', '000', '000'],
  NZ: ['111', '111', '111', '111'],
};
/** Territories with no telephone service of their own. */
const NO_SERVICE = new Set(['AQ', 'BV', 'GS', 'HM', 'PN', 'TF']);

describe('emergency numbers, country by country, against a second source', () => {
  it.each([...EMERGENCY_NUMBERS.keys()])(
    '%s: a short number reaches help, and it agrees with the second source',
    (code) => {
      const numbers = emergencyNumbersOf(code);
      expect(numbers).toBeDefined();
      if (!numbers) return;
      const all = [numbers.police, numbers.medical, numbers.fire, numbers.general];
      // Short codes only: a landline number (6+ digits) is not what a traveller should dial from the card.
      for (const value of all) expect(value).toMatch(/^(?:\d{2,5})?$/);
      if (NO_SERVICE.has(code)) {
        expect(all.join('')).toBe('');
        return;
      }
      // Help is reachable: a general number, or a number for each service.
      expect(
        numbers.general !== '' || (numbers.police !== '' && numbers.medical !== '' && numbers.fire !== ''),
      ).toBe(true);
      if (EU_EEA.includes(code)) expect(numbers.general).toBe('112');
      const national = NATIONAL[code];
      if (national) expect(all).toEqual(national);
    },
  );
});
