import { describe, expect, it } from 'vitest';
import { againstUsd, parseEcbDailyXml } from './ecb-reference-rates';
import { SHIPPED_RATES } from './local/shipped-rates';

// The feed's own shape: an envelope, single-quoted attributes, one dated Cube (values made up for the test).
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time='2026-11-20'>
      <Cube currency='USD' rate='1.25'/>
      <Cube currency='JPY' rate='187.5'/>
      <Cube currency='GBP' rate='0.875'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('ECB reference rates', () => {
  it('reads the day and the units per euro of each currency', () => {
    expect(parseEcbDailyXml(FEED)).toEqual({
      date: '2026-11-20',
      perEuro: { USD: 1.25, JPY: 187.5, GBP: 0.875 },
    });
  });

  it('rebases on the dollar, EUR included', () => {
    expect(againstUsd(parseEcbDailyXml(FEED))).toEqual({
      date: '2026-11-20',
      rates: { USD: 1, EUR: 0.8, JPY: 150, GBP: 0.7 },
    });
  });

  it('refuses a file without a dated Cube or without a USD rate rather than guessing', () => {
    expect(() => parseEcbDailyXml('<html>maintenance</html>')).toThrow(/no dated Cube/);
    expect(() => parseEcbDailyXml(FEED.replace("<Cube currency='USD' rate='1.25'/>", ''))).toThrow(/no USD/);
  });

  it('ships dated rates against USD for offline use', () => {
    expect(SHIPPED_RATES.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The price card labels them as the shipped snapshot, whatever their day.
    expect(SHIPPED_RATES.source).toBe('snapshot');
    expect(SHIPPED_RATES.rates['USD']).toBe(1);
    expect(SHIPPED_RATES.rates['EUR']).toBeCloseTo(1 / 1.0953, 10);
    expect(Object.keys(SHIPPED_RATES.rates).length).toBeGreaterThanOrEqual(30);
  });
});
