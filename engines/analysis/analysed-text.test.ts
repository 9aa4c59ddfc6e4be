import { describe, expect, it } from 'vitest';
import { analyseText } from './analysed-text';
import { detectEmergency } from './emergency-detector';
import { findPlaces } from './place-finder';
import { countryOfText } from './text-country';

describe('analyseText', () => {
  it('folds without moving an index: the folded text lines up with the text as said', () => {
    const analysed = analyseText('Él está en Zürich’s Hauptbahnhof');
    expect(analysed.folded).toHaveLength(analysed.text.length);
    expect(analysed.folded).toBe("el esta en zurich's hauptbahnhof");
  });

  it('tokenises once: words and numerals with their places in the text', () => {
    const analysed = analyseText("L'hôtel coûte 12,50 €");
    expect(analysed.tokens.map((token) => token.word)).toEqual(["l'hotel", 'coute', '12,50']);
    expect(analysed.tokens[2]).toMatchObject({ start: 14, end: 19 });
  });

  it('finds every number once, in digits or in words of the text’s language', () => {
    const numbers = analyseText('Il conto era di centoventi euro, il taxi 35,50 e la mancia 1 200').numbers;
    expect(numbers.map((number) => number.value)).toEqual([120, 35.5, 1200]);
    expect(numbers.map((number) => number.spelled)).toEqual([true, false, false]);
  });

  it('keeps plain digits apart when a space does not group thousands', () => {
    expect(analyseText('bus 42 30 minutes').numbers.map((number) => number.value)).toEqual([42, 30]);
  });

  it('finds places and the country once per text, whoever asks', () => {
    const analysed = analyseText('Mi hanno rubato il portafoglio a Roma.');
    expect(findPlaces(analysed)).toBe(findPlaces(analysed));
    expect(countryOfText(analysed)).toBe(countryOfText(analysed));
    expect(detectEmergency(analysed).countryDetected).toBe('Italy');
  });

  it('takes the language from the caller when given', () => {
    expect(analyseText('dos euros', { language: 'pt' }).numbers).toEqual([]);
    expect(analyseText('dos euros', { language: 'es' }).numbers.map((number) => number.value)).toEqual([2]);
  });
});
