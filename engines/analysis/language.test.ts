import { describe, expect, it } from 'vitest';
import { languagesOf } from './language';

describe('languagesOf', () => {
  it("takes the caller's language when it knows it, English beside it", () => {
    expect(languagesOf('Hola', 'pt-BR')).toEqual(['pt', 'en']);
    expect(languagesOf('Bonjour', 'en-GB')).toEqual(['en']);
  });

  it('detects the language offline, most likely first', () => {
    expect(languagesOf('Mi hanno rubato il portafoglio sull’autobus a Roma.')[0]).toBe('it');
    expect(languagesOf('Roubaram-me a carteira no elétrico em Lisboa.')[0]).toBe('pt');
    expect(languagesOf('Ich habe meinen Reisepass in Wien verloren.')[0]).toBe('de');
  });

  it('puts English right after the likely languages, and keeps the others after it', () => {
    const languages = languagesOf('La chambre coûte quatre-vingt-dix euros la nuit.');
    expect(languages.slice(0, 2)).toEqual(['fr', 'en']);
    expect([...languages].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
  });

  it('a language the analyser does not read falls back to detection', () => {
    expect(languagesOf('Ich habe Fieber und Kopfschmerzen.', 'ja')[0]).toBe('de');
  });
});
