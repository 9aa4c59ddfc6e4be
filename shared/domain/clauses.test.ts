import { describe, expect, it } from 'vitest';
import { ClauseStream, splitClauses } from './clauses';

/** Feeds the text in chunks of `size` characters, as a token stream would, and collects what comes out. */
function streamed(text: string, language: string, size = 3): string[] {
  const stream = new ClauseStream(language);
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(...stream.push(text.slice(at, at + size)));
  out.push(...stream.end());
  return out;
}

const trimmed = (clauses: string[]) => clauses.map((clause) => clause.trim());

describe('splitClauses: text-to-speech clauses', () => {
  it('en: sentences, and a long sentence after a comma', () => {
    expect(
      trimmed(
        splitClauses('Where is the station? If you walk to the end of the street, it is on your left.', 'en'),
      ),
    ).toEqual(['Where is the station?', 'If you walk to the end of the street,', 'it is on your left.']);
  });

  it('en: no cut inside abbreviations, initials, decimals or prices', () => {
    expect(trimmed(splitClauses('Dr. Smith said the taxi costs $3.50. Mr. J. Brown agreed.', 'en'))).toEqual([
      'Dr. Smith said the taxi costs $3.50.',
      'Mr. J. Brown agreed.',
    ]);
    expect(trimmed(splitClauses('The ticket costs 1,250 yen, e.g. for adults.', 'en'))).toEqual([
      'The ticket costs 1,250 yen,',
      'e.g. for adults.',
    ]);
  });

  it('fr: M. and a price with a decimal comma stay whole', () => {
    expect(trimmed(splitClauses('M. Dupont dit que le taxi coûte 3,50 €. Merci beaucoup !', 'fr'))).toEqual([
      'M. Dupont dit que le taxi coûte 3,50 €.',
      'Merci beaucoup !',
    ]);
  });

  it('es: opening marks, Sra. and prices', () => {
    expect(trimmed(splitClauses('¿Dónde está la Sra. García? El billete cuesta 12,50 €.', 'es'))).toEqual([
      '¿Dónde está la Sra. García?',
      'El billete cuesta 12,50 €.',
    ]);
  });

  it('de: z. B., Dr. and ordinals do not end a sentence', () => {
    expect(
      trimmed(splitClauses('Am 3. Mai fährt z. B. der Bus zu Dr. Müller. Das kostet 3,50 €.', 'de')),
    ).toEqual(['Am 3. Mai fährt z. B. der Bus zu Dr. Müller.', 'Das kostet 3,50 €.']);
  });

  it('ja: 。 and ？ end sentences without a space; a decimal stays whole', () => {
    expect(splitClauses('駅はどこですか？切符は3.5ドルです。ありがとう', 'ja')).toEqual([
      '駅はどこですか？',
      '切符は3.5ドルです。',
      'ありがとう',
    ]);
  });

  it('zh: ？ and 。 end sentences; a long sentence is cut after ，', () => {
    expect(
      splitClauses('火车站在哪里？如果你走到这条街的尽头，它就在你的左边。这个要3.50元。', 'zh'),
    ).toEqual(['火车站在哪里？', '如果你走到这条街的尽头，', '它就在你的左边。', '这个要3.50元。']);
  });

  it('the clauses joined give back the text exactly', () => {
    const text = '  Hello, world.  Dr. Who?   Fine; thanks, really very much indeed!';
    expect(splitClauses(text, 'en').join('')).toBe(text);
  });

  it('a short clause is not cut at its comma', () => {
    expect(trimmed(splitClauses('Yes, please.', 'en'))).toEqual(['Yes, please.']);
  });
});

describe('ClauseStream: clauses as the translation streams in', () => {
  it('hands out the first sentence as soon as the next one begins, before the stream ends', () => {
    const stream = new ClauseStream('en');
    expect(stream.push('Where is the station?')).toEqual([]);
    expect(stream.push(' It')).toEqual(['Where is the station? ']);
    expect(stream.end()).toEqual(['It']);
  });

  it('waits after "Dr." until the next word shows the sentence goes on', () => {
    const stream = new ClauseStream('en');
    expect(stream.push('Ask Dr.')).toEqual([]);
    expect(stream.push(' Smith')).toEqual([]);
    expect(stream.push(' now. Then')).toEqual(['Ask Dr. Smith now. ']);
  });

  it('waits after "3,"/"3." until the digits show a number', () => {
    const stream = new ClauseStream('fr');
    expect(stream.push('Le taxi coûte 3,')).toEqual([]);
    expect(stream.push('50 € pour aller à la gare. Merci')).toEqual([
      'Le taxi coûte 3,50 € pour aller à la gare. ',
    ]);
  });

  it.each([
    ['en', 'Dr. Smith said the taxi to the airport costs $3.50, which is cheap. Thanks!'],
    ['fr', "M. Dupont dit que le taxi pour l'aéroport coûte 3,50 €, ce qui est bon marché. Merci !"],
    ['es', '¿Dónde está la estación de tren, por favor? El billete cuesta 12,50 €.'],
    ['de', 'Am 3. Mai fährt z. B. der Bus zum Flughafen, er kostet 3,50 €. Danke!'],
    ['ja', '駅はどこですか？切符は3.5ドルです。ありがとう'],
    ['zh', '火车站在哪里？如果你走到这条街的尽头，它就在你的左边。'],
  ])('%s: streamed in small chunks, the same clauses in order, joined exactly', (language, text) => {
    for (const size of [1, 2, 5]) {
      const clauses = streamed(text, language, size);
      expect(clauses.join('')).toBe(text);
      expect(trimmed(clauses)).toEqual(trimmed(splitClauses(text, language)));
    }
  });
});
