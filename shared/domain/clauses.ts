/**
 * Cuts a translation into clauses for text-to-speech while it is still streaming in, so the first
 * clause is spoken as soon as it is complete. Sentences come from Intl.Segmenter (sentence granularity, the
 * language's own rules: 。！？ need no space); on top of it a full stop after an abbreviation, an initial or a
 * German ordinal ("3. Mai") does not end a sentence, and a long sentence is also cut after a comma, semicolon or
 * colon followed by a space (、，；： in scripts without spaces). Numbers and prices never contain such a cut
 * ("1,000", "3,50 €", "$3.50"). The clauses joined give back the text exactly: nothing is dropped or repeated.
 * A missed cut costs a little latency; a wrong cut costs intonation, so doubtful cases stay whole.
 */

/** Words that take a full stop without ending a sentence, lower-case, without their last dot. */
// prettier-ignore
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sr', 'jr', 'mt', 'ave', 'rd', 'vs', 'etc', 'approx', 'tel', 'dept',
  'no', 'e.g', 'i.e', 'a.m', 'p.m', 'u.s',
  'm', 'mme', 'mlle', 'av', 'sra', 'srta', 'dra', 'ud', 'uds', 'pág', 'núm', 'sig',
  'z.b', 'bzw', 'ca', 'nr', 'str', 'hr', 'fr', 'ggf', 'usw', 'evtl', 'inkl', 'vgl',
]);

/** Below this many characters a clause is not cut at a comma: too short to be worth its own request. */
export const MIN_CLAUSE_CHARS = 20;
/** The same for scripts written without spaces, where a character carries more. */
const MIN_CLAUSE_CHARS_UNSPACED = 8;

const SPACED_CUT = /[,;:](?=\s)/gu;
const UNSPACED_CUT = /[、，；：]/gu;

function lastWord(sentence: string): string | undefined {
  return /(\S+)\.\s*$/u
    .exec(sentence)?.[1]
    ?.replace(/^[("'“‘«¿¡]+/u, '')
    .toLowerCase();
}

/** Whether a sentence the segmenter ended stays open: its full stop does not end it. */
function continues(sentence: string, next: string): boolean {
  const word = lastWord(sentence);
  if (word === undefined) return false;
  if (/^\p{L}$/u.test(word) || ABBREVIATIONS.has(word)) return true;
  // An ordinal ("am 3. Mai") or a number cut short; and a lower-case start is never a new sentence.
  if (/^\d+$/u.test(word) && /^\s*\p{L}/u.test(next)) return true;
  return /^\s*\p{Ll}/u.test(next);
}

function sentencesOf(text: string, language: string): string[] {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  } catch {
    segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  }
  const merged: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const previous = merged.at(-1);
    if (previous !== undefined && continues(previous, segment))
      merged[merged.length - 1] = previous + segment;
    else merged.push(segment);
  }
  return merged;
}

/** Cuts one sentence after commas (and the like) once the part before is long enough. */
function clausesOf(sentence: string): string[] {
  const unspaced = !/\s/u.test(sentence.trim());
  const pattern = unspaced ? UNSPACED_CUT : SPACED_CUT;
  const minimum = unspaced ? MIN_CLAUSE_CHARS_UNSPACED : MIN_CLAUSE_CHARS;
  const clauses: string[] = [];
  let start = 0;
  for (const match of sentence.matchAll(pattern)) {
    let end = match.index + 1;
    while (end < sentence.length && /\s/u.test(sentence[end]!)) end++;
    // The rest must be worth a clause too, or the cut only makes a short tail.
    if (end - start < minimum || sentence.slice(end).trim().length < minimum / 2) continue;
    clauses.push(sentence.slice(start, end));
    start = end;
  }
  clauses.push(sentence.slice(start));
  return clauses.filter((clause) => clause !== '');
}

/** The clauses of a whole text (the stream has ended). */
export function splitClauses(text: string, language: string): string[] {
  return sentencesOf(text, language).flatMap(clausesOf);
}

/**
 * Takes a translation chunk by chunk and hands out each clause once it is complete: a sentence once another has
 * begun after it, a comma clause once the text after it shows it is not a number. `end()` hands out the rest.
 */
export class ClauseStream {
  private pending = '';

  constructor(private readonly language: string) {}

  push(chunk: string): string[] {
    this.pending += chunk;
    const clauses = splitClauses(this.pending, this.language);
    // The last clause may still grow: keep it back.
    const complete = clauses.slice(0, -1);
    // A sentence ending in an abbreviation, an initial or a number may continue with the next chunk.
    while (
      complete.length > 0 &&
      lastWord(complete.at(-1)!) !== undefined &&
      !/[!?。！？]\s*$/u.test(complete.at(-1)!)
    ) {
      const word = lastWord(complete.at(-1)!)!;
      if (!(/^\p{L}$/u.test(word) || ABBREVIATIONS.has(word) || /^\d+$/u.test(word))) break;
      complete.pop();
    }
    const taken = complete.join('');
    this.pending = this.pending.slice(taken.length);
    return complete;
  }

  end(): string[] {
    const rest = this.pending;
    this.pending = '';
    return rest === '' ? [] : splitClauses(rest, this.language);
  }
}
