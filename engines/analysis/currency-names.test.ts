import { describe, expect, it } from 'vitest';
import { CURRENCY_PHRASES, cldrCurrencyNames, phraseKey } from './currency-names';

const currencyOf = (phrase: string): string | undefined => {
  const marker = CURRENCY_PHRASES.get(phraseKey(phrase));
  return marker?.currency ?? marker?.family;
};

describe('currency names', () => {
  it("takes CLDR's names through Intl, singular and plural, in each language", () => {
    expect(cldrCurrencyNames('CZK', 'es')).toEqual(
      expect.arrayContaining(['corona checa', 'coronas checas']),
    );
    expect(currencyOf('coronas checas')).toBe('CZK');
    expect(currencyOf('forints hongrois')).toBe('HUF');
    expect(currencyOf('franchi svizzeri')).toBe('CHF');
    expect(currencyOf('reais brasileiros')).toBe('BRL');
    expect(currencyOf('novos sois peruanos')).toBe('PEN');
    expect(currencyOf('polnische zloty')).toBe('PLN');
  });

  it('keeps the hand-written words first: a bare "dollars" is a family the country settles', () => {
    expect(currencyOf('dollars')).toBe('dollar');
    expect(currencyOf('dolares')).toBe('dollar');
  });

  it('knows the bare local forms CLDR only gives with an adjective', () => {
    expect(currencyOf('fiorini')).toBe('HUF');
    expect(currencyOf('eslotis')).toBe('PLN');
    expect(currencyOf('coroas')).toBe('crown');
    expect(currencyOf('franchi')).toBe('franc');
    expect(currencyOf('florins')).toBe('HUF');
  });

  it('reads a phrase whatever its spaces and hyphens', () => {
    expect(phraseKey('us-dollar')).toBe('us dollar');
    expect(phraseKey('swiss   francs')).toBe('swiss francs');
  });
});
