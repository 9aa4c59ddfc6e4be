import { fileURLToPath } from 'node:url';
import kuromoji, { type Tokenizer } from 'kuromoji';
import { resolveModule } from '../speech/model-files';

export interface KanaConverter {
  /** Japanese text with every word the dictionary knows replaced by its spoken reading in katakana. */
  toKana(text: string): string;
}

/**
 * kuromoji with the IPA dictionary that ships inside its npm package (never fetched). Its pronunciation field
 * (は as ワ, long vowels as ー) is what espeak-ng should say; words outside the dictionary (digits, Latin
 * script) stay as written, and espeak-ng reads those itself.
 */
export async function loadKanaConverter(): Promise<KanaConverter> {
  const dicPath = fileURLToPath(
    new URL('../dict/', resolveModule('kuromoji', 'kuromoji', 'src/kuromoji.js')),
  );
  const tokenizer = await new Promise<Tokenizer>((resolve, reject) => {
    kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built)));
  });
  return {
    toKana: (text) =>
      tokenizer
        .tokenize(text)
        .map((token) => token.pronunciation ?? token.reading ?? token.surface_form)
        .join(''),
  };
}
