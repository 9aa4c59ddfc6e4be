import { describe, expect, it } from 'vitest';
import { filterLocations, filterPrices } from './filters';

const location = { originalText: 'the Louvre', name: 'Louvre Museum', address: 'Paris', type: 'museum' };
const price = { originalText: '12 euros', amount: 12, currency: 'EUR', context: 'ticket' };

describe('filterLocations', () => {
  it('keeps a location with a name and an original text', () => {
    expect(filterLocations([location])).toEqual([location]);
  });

  it('drops a location with an empty name or original text', () => {
    expect(
      filterLocations([
        { ...location, name: '' },
        { ...location, originalText: '  ' },
      ]),
    ).toEqual([]);
  });

  it("drops a location whose name or original text is 'n/a' in any case", () => {
    expect(
      filterLocations([
        { ...location, name: 'n/a' },
        { ...location, name: 'N/A' },
        { ...location, originalText: 'N/a' },
      ]),
    ).toEqual([]);
  });

  it('drops a location whose name or original text is missing', () => {
    expect(filterLocations([{ ...location, name: null }, { originalText: 'x' }])).toEqual([]);
  });

  it("keeps a location whose other fields are 'n/a'", () => {
    const noAddress = { ...location, address: 'n/a' };
    expect(filterLocations([noAddress])).toEqual([noAddress]);
  });
});

describe('filterPrices', () => {
  it('keeps a price with text, a positive amount and a currency', () => {
    expect(filterPrices([price])).toEqual([price]);
  });

  it("drops a price with an empty or 'n/a' original text", () => {
    expect(
      filterPrices([
        { ...price, originalText: '' },
        { ...price, originalText: 'N/A' },
      ]),
    ).toEqual([]);
  });

  it('drops a price whose amount is not above 0', () => {
    expect(
      filterPrices([
        { ...price, amount: 0 },
        { ...price, amount: -5 },
        { ...price, amount: Number.NaN },
      ]),
    ).toEqual([]);
  });

  it("drops a price whose currency is 'n/a' in any case", () => {
    expect(
      filterPrices([
        { ...price, currency: 'n/a' },
        { ...price, currency: 'N/A' },
      ]),
    ).toEqual([]);
  });

  it("keeps a price whose context is 'n/a'", () => {
    const noContext = { ...price, context: 'n/a' };
    expect(filterPrices([noContext])).toEqual([noContext]);
  });
});
