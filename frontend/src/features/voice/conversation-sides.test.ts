import { describe, expect, it } from 'vitest';
import { attributeSide, loadLanguageIdentifier } from './conversation-sides';

const pair = { traveller: 'en', other: 'fr' };
const never = () => undefined;

describe('Side of a phrase', () => {
  it('the recogniser’s detected language decides first', () => {
    const identify = () => 'en';
    expect(attributeSide({ text: 'Bonjour', detected: 'fr', pair, lastSide: 'traveller', identify })).toBe(
      'other',
    );
    expect(attributeSide({ text: 'Hello', detected: 'en-US', pair, lastSide: 'other', identify })).toBe(
      'traveller',
    );
  });

  it('without one, the language identified from the text decides', () => {
    const identify = () => 'fr';
    expect(attributeSide({ text: 'x', detected: undefined, pair, lastSide: 'traveller', identify })).toBe(
      'other',
    );
    expect(attributeSide({ text: 'x', detected: 'de', pair, lastSide: 'traveller', identify })).toBe('other');
  });

  it('else the side that spoke last, and the traveller at first', () => {
    expect(attributeSide({ text: 'ok', detected: undefined, pair, lastSide: 'other', identify: never })).toBe(
      'other',
    );
    expect(
      attributeSide({ text: 'ok', detected: undefined, pair, lastSide: null, identify: undefined }),
    ).toBe('traveller');
  });

  it('eld tells the two languages of the pair apart on travel phrases', async () => {
    const identify = await loadLanguageIdentifier();
    expect(identify('Where is the train station, please?', ['en', 'fr'])).toBe('en');
    expect(identify('La gare est au bout de la rue.', ['en', 'fr'])).toBe('fr');
    expect(identify('¿Dónde está la estación de tren?', ['en', 'es'])).toBe('es');
  });
});
