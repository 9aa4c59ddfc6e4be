import { describe, expect, it } from 'vitest';
import type { AnalysisLanguage } from './language';
import { parseGermanNumberWord, parseItalianNumberWord, valueOfNumberWords } from './number-words';

const said = (phrase: string, language: AnalysisLanguage): number | undefined =>
  valueOfNumberWords(phrase.split(/[\s-]+/), [language]);

describe('number words', () => {
  it('English: units, tens, "a hundred", "and" inside a number', () => {
    expect(said('twenty five', 'en')).toBe(25);
    expect(said('a hundred and twenty', 'en')).toBe(120);
    expect(said('two thousand five hundred', 'en')).toBe(2500);
  });

  it('French: "et" joins, quatre-vingt is four twenties, cents and mille multiply', () => {
    expect(said('vingt et un', 'fr')).toBe(21);
    expect(said('quatre-vingt-quinze', 'fr')).toBe(95);
    expect(said('trente-deux', 'fr')).toBe(32);
    expect(said('deux cents', 'fr')).toBe(200);
    expect(said('douze mille', 'fr')).toBe(12000);
  });

  it('Spanish: "y" joins tens and units, veinti- words, ciento, the hundreds as one word, mil', () => {
    expect(said('ochenta y cinco', 'es')).toBe(85);
    expect(said('veintidos', 'es')).toBe(22);
    expect(said('ciento veinte', 'es')).toBe(120);
    expect(said('doscientas', 'es')).toBe(200);
    expect(said('quince mil', 'es')).toBe(15000);
    expect(said('once', 'es')).toBe(11);
  });

  it('Portuguese: "e" joins, cem and cento, duzentos, mil', () => {
    expect(said('oitenta e cinco', 'pt')).toBe(85);
    expect(said('cento e vinte', 'pt')).toBe(120);
    expect(said('cem', 'pt')).toBe(100);
    expect(said('vinte mil', 'pt')).toBe(20000);
    expect(said('setenta e oito', 'pt')).toBe(78);
  });

  it('German: one word below a million, "und" inside, hundert and tausend, "einhalb" adds a half', () => {
    expect(parseGermanNumberWord('funfundachtzig')).toBe(85);
    expect(parseGermanNumberWord('zweihundertvierzig')).toBe(240);
    expect(parseGermanNumberWord('hundertfunfzig')).toBe(150);
    expect(parseGermanNumberWord('viereinhalb')).toBe(4.5);
    expect(parseGermanNumberWord('zweitausenddreihundert')).toBe(2300);
  });

  it('German: "ß" reads as "ss" in every number word, alone or inside one (eszett rule)', () => {
    expect(parseGermanNumberWord('dreißig')).toBe(30);
    expect(parseGermanNumberWord('achtunddreißig')).toBe(38);
    expect(parseGermanNumberWord('dreihundertdreißig')).toBe(330);
    expect(parseGermanNumberWord('dreißigtausend')).toBe(30000);
  });

  it('Italian: one word, tens lose their vowel before uno and otto, cento and mila', () => {
    expect(parseItalianNumberWord('ventidue')).toBe(22);
    expect(parseItalianNumberWord('trentotto')).toBe(38);
    expect(parseItalianNumberWord('novantacinque')).toBe(95);
    expect(parseItalianNumberWord('centoventi')).toBe(120);
    expect(parseItalianNumberWord('centottanta')).toBe(180);
    expect(parseItalianNumberWord('duecentocinquanta')).toBe(250);
    expect(parseItalianNumberWord('diecimila')).toBe(10000);
    expect(parseItalianNumberWord('milleduecento')).toBe(1200);
    expect(parseItalianNumberWord('sessantotto')).toBe(68);
  });

  it('a word is read only in the languages given: Portuguese "dos" is not Spanish two', () => {
    expect(said('dos', 'pt')).toBeUndefined();
    expect(said('dos', 'es')).toBe(2);
    expect(parseItalianNumberWord('cento1')).toBeUndefined();
  });
});
