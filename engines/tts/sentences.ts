/*
 * Splits a phrase into sentences so the first one can be heard while the next is being made. A full stop ends a
 * sentence only when a space and a capital (or any uncased letter) follow and the word before it is neither an
 * initial nor a common abbreviation; marks of scripts that put no space between sentences (。！？) always end
 * one. A missed split only costs a little latency; a wrong split costs intonation, so doubtful cases stay whole.
 */

/** Words that take a full stop without ending a sentence, lower-case, without their last dot. */
// prettier-ignore
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  // English titles and references
  'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sr', 'jr', 'mt', 'ave', 'rd', 'vs', 'etc', 'approx', 'tel', 'dept',
  'e.g', 'i.e', 'a.m', 'p.m',
  // French, Spanish, Portuguese, Italian
  'mme', 'mlle', 'sra', 'srta', 'dra', 'sig', 'pág', 'av',
  // German, Dutch, Scandinavian
  'z.b', 'bzw', 'ca', 'nr', 'str', 'hr', 'fr', 'bl.a', 'o.a', 'dvs', 'ggf', 'usw',
]);

/** Sentence marks of scripts that write no space after them. */
const CLOSED_MARKS = '。！？';
/** Sentence marks followed by a space where they end a sentence. */
const SPACED_MARKS = '.!?…؟।॥።။';
const CLOSERS = '"\'”’»)]」』';

function endsWithAbbreviation(before: string): boolean {
  const word = /(\S+)\.$/u.exec(before)?.[1];
  if (word === undefined) return false;
  const bare = word.replace(/^[("'“‘«]+/u, '').toLowerCase();
  // A single letter is an initial (J. R. Tolkien), or one half of z. B.
  return /^\p{L}$/u.test(bare) || ABBREVIATIONS.has(bare);
}

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const cut = (end: number) => {
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\n') {
      cut(i + 1);
      continue;
    }
    const closed = CLOSED_MARKS.includes(char);
    if (!closed && !SPACED_MARKS.includes(char)) continue;
    let end = i + 1;
    while (
      end < text.length &&
      (SPACED_MARKS.includes(text[end] ?? '') || CLOSERS.includes(text[end] ?? ''))
    ) {
      end++;
    }
    const rest = text.slice(end);
    if (closed) {
      cut(end);
    } else if (/^\s+\S/u.test(rest)) {
      const next = /^\s+(\S)/u.exec(rest)?.[1] ?? '';
      const lowerCaseNext = next !== next.toUpperCase();
      const abbreviation = char === '.' && endsWithAbbreviation(text.slice(start, i + 1));
      if (!lowerCaseNext && !abbreviation) {
        cut(end);
      }
    }
    i = end - 1;
  }
  cut(text.length);
  return sentences;
}
