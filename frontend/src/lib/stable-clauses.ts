/**
 * A sentence that runs on for many seconds is translated clause by clause while it is still being heard
 * (docs/SPEC.md §4 Long sentences, §9), as a pure state machine: the voice session feeds it each interim and final
 * transcript with its time (the page's milliseconds), and it answers with the text to translate now. No clock,
 * socket or request here, so it behaves the same under test as in a browser.
 *
 * Stable: a word that has stood unchanged, at its place, in every interim for `stableMs`. A recogniser revises the
 * last words of an interim while it hears more; the words behind them rarely change after a second.
 * Clause boundary: inside the stable words, after a comma, semicolon or colon, or before a conjunction of the
 * source language (any listed language's when the recogniser names none), once the clause holds `minClauseWords`
 * words and a stable word follows it. Scripts written
 * without spaces have no words to count here: their sentences wait for the final.
 *
 * A retraction is a final that does not begin with the words already translated early: their translation on
 * screen no longer says what was heard. After one, early clauses pause for `retractionPauseMs`, so there is at
 * most one a minute; the final's words past those already translated are translated as usual.
 */

export interface StableClauseSettings {
  /** How long a word must stand unchanged in the interims to be stable. */
  stableMs: number;
  /** The fewest words an early clause holds: a shorter one is not worth its own translation. */
  minClauseWords: number;
  /** After a retraction, no early clause for this long. */
  retractionPauseMs: number;
}

export const DEFAULT_STABLE_CLAUSE_SETTINGS: StableClauseSettings = {
  stableMs: 1_000,
  minClauseWords: 4,
  retractionPauseMs: 60_000,
};

/** Words before which a clause of the language may end, lower-case. */
// prettier-ignore
const CONJUNCTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['and', 'but', 'because', 'so', 'which', 'who', 'where', 'when', 'while', 'although', 'though', 'if', 'then', 'or', 'until', 'after', 'before']),
  fr: new Set(['et', 'mais', 'parce', 'donc', 'qui', 'où', 'quand', 'lorsque', 'alors', 'puis', 'ou', 'car', 'si', 'pendant', 'avant']),
  es: new Set(['y', 'pero', 'porque', 'que', 'donde', 'cuando', 'mientras', 'aunque', 'entonces', 'o', 'si', 'pues']),
  de: new Set(['und', 'aber', 'weil', 'denn', 'dass', 'wenn', 'als', 'während', 'obwohl', 'dann', 'oder', 'wo', 'bis']),
  it: new Set(['e', 'ma', 'perché', 'che', 'dove', 'quando', 'mentre', 'anche', 'poi', 'o', 'se', 'quindi']),
  pt: new Set(['e', 'mas', 'porque', 'que', 'onde', 'quando', 'enquanto', 'embora', 'então', 'ou', 'se']),
  nl: new Set(['en', 'maar', 'omdat', 'want', 'dat', 'waar', 'wanneer', 'terwijl', 'hoewel', 'dan', 'of', 'als']),
};

/** A recogniser that names no language (the embedded one, often Deepgram): any listed language's conjunctions. */
const ANY_CONJUNCTION: ReadonlySet<string> = new Set(
  Object.values(CONJUNCTIONS).flatMap((words) => [...words]),
);

const CLAUSE_END = /[,;:]$/u;

export interface StableClauseState {
  readonly settings: StableClauseSettings;
  /** The words of the phrase being heard already handed out to translate. */
  readonly committed: readonly string[];
  /** The last interim's words, and since when each has stood unchanged at its place. */
  readonly words: readonly string[];
  readonly since: readonly number[];
  /** No early clause before this time (a retraction happened). */
  readonly pausedUntil: number;
  readonly retractions: number;
}

export type StableClauseEvent =
  | { type: 'interim'; text: string; language?: string; at: number }
  | { type: 'final'; text: string; at: number };

export interface StableClauseStep {
  readonly state: StableClauseState;
  /** What to translate now: an early clause (for an interim) or the rest of the phrase (for a final); may be empty. */
  readonly translate: string;
}

export function initialStableClauseState(
  settings: StableClauseSettings = DEFAULT_STABLE_CLAUSE_SETTINGS,
): StableClauseState {
  return { settings, committed: [], words: [], since: [], pausedUntil: 0, retractions: 0 };
}

const wordsOf = (text: string) => text.split(/\s+/u).filter(Boolean);

/** The text past its first `count` words: what is left to translate once they were. */
export function textAfterWords(text: string, count: number): string {
  return wordsOf(text).slice(count).join(' ');
}
/** A word as compared: case and punctuation aside (a recogniser adds a comma later, or capitalises). */
const bare = (word: string) => word.toLocaleLowerCase().replace(/\p{P}+/gu, '');

export function stableClauseReducer(state: StableClauseState, event: StableClauseEvent): StableClauseStep {
  return event.type === 'interim' ? onInterim(state, event) : onFinal(state, event);
}

function onInterim(
  state: StableClauseState,
  event: { text: string; language?: string; at: number },
): StableClauseStep {
  const words = wordsOf(event.text);
  const since = words.map((word, index) =>
    state.words[index] === word && state.since[index] !== undefined ? state.since[index]! : event.at,
  );
  // Unchanged words stand from their first sight only while every word before them stood too.
  for (let index = 1; index < since.length; index++)
    since[index] = Math.max(since[index]!, since[index - 1]!);
  const next: StableClauseState = { ...state, words, since };
  const { settings } = state;
  if (event.at < state.pausedUntil) return { state: next, translate: '' };
  // An interim that no longer begins with what was handed out: the final decides.
  const start = state.committed.length;
  if (state.committed.some((word, index) => bare(word) !== bare(words[index] ?? ''))) {
    return { state: next, translate: '' };
  }
  let stable = 0;
  while (stable < words.length && event.at - since[stable]! >= settings.stableMs) stable++;
  const conjunctions =
    event.language === undefined ? ANY_CONJUNCTION : CONJUNCTIONS[event.language.slice(0, 2).toLowerCase()];
  let boundary = -1;
  // A boundary before word `end`: the clause is words[start, end), and word `end` is stable too.
  for (let end = start + settings.minClauseWords; end < stable; end++) {
    // Before the first of a run of conjunctions ("and then"): a clause never ends on one.
    const beforeConjunction =
      conjunctions?.has(bare(words[end]!)) === true && !conjunctions.has(bare(words[end - 1]!));
    if (CLAUSE_END.test(words[end - 1]!) || beforeConjunction) boundary = end;
  }
  if (boundary < 0) return { state: next, translate: '' };
  return {
    state: { ...next, committed: words.slice(0, boundary) },
    translate: words.slice(start, boundary).join(' '),
  };
}

function onFinal(state: StableClauseState, event: { text: string; at: number }): StableClauseStep {
  const words = wordsOf(event.text);
  const { committed, settings } = state;
  const retracted = committed.some((word, index) => bare(word) !== bare(words[index] ?? ''));
  return {
    state: {
      ...state,
      committed: [],
      words: [],
      since: [],
      ...(retracted
        ? { retractions: state.retractions + 1, pausedUntil: event.at + settings.retractionPauseMs }
        : {}),
    },
    translate: textAfterWords(event.text, committed.length),
  };
}
