import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STABLE_CLAUSE_SETTINGS,
  initialStableClauseState,
  stableClauseReducer,
  type StableClauseEvent,
  type StableClauseState,
} from './stable-clauses';

/** Runs events from a fresh state; returns the last state and what each event handed out to translate. */
function run(events: StableClauseEvent[]): { state: StableClauseState; translated: string[] } {
  let state = initialStableClauseState(DEFAULT_STABLE_CLAUSE_SETTINGS);
  const translated: string[] = [];
  for (const event of events) {
    const step = stableClauseReducer(state, event);
    state = step.state;
    translated.push(step.translate);
  }
  return { state, translated };
}

const interim = (text: string, at: number, language = 'en'): StableClauseEvent => ({
  type: 'interim',
  text,
  language,
  at,
});
const final = (text: string, at: number): StableClauseEvent => ({ type: 'final', text, at });

const SENTENCE =
  'We will walk for about two hours and then stop at the market square where there are cafes on every side';

/** The sentence heard a few words at a time, an interim every 300 ms. */
function heard(text: string, from = 0, wordsPerInterim = 2): StableClauseEvent[] {
  const words = text.split(' ');
  const events: StableClauseEvent[] = [];
  for (let count = wordsPerInterim; count < words.length + wordsPerInterim; count += wordsPerInterim) {
    events.push(interim(words.slice(0, count).join(' '), from + events.length * 300));
  }
  return events;
}

describe('stable clauses (docs/SPEC.md §4 Long sentences)', () => {
  it('translates nothing before the final while no word has been stable for the stable time', () => {
    const { translated } = run([
      interim('We will walk for about', 0),
      interim('We will walk for about two hours and', 900),
    ]);
    expect(translated.join('')).toBe('');
  });

  it('hands out a clause before a conjunction once the words up to it have stood unchanged', () => {
    const { translated } = run(heard(SENTENCE));
    expect(translated.filter(Boolean)[0]).toBe('We will walk for about two hours');
  });

  it('hands out a clause after a comma', () => {
    const { translated } = run([
      interim('If you look up at the west front, you can see', 0),
      interim('If you look up at the west front, you can see two towers', 1_100),
    ]);
    expect(translated.filter(Boolean)).toEqual(['If you look up at the west front,']);
  });

  it('cuts before a conjunction of any listed language when the recogniser names no language', () => {
    const { translated } = run([
      { type: 'interim', text: 'The northern tower was finished first while the', at: 0 },
      { type: 'interim', text: 'The northern tower was finished first while the southern one', at: 1_100 },
    ]);
    expect(translated.filter(Boolean)).toEqual(['The northern tower was finished first']);
  });

  it('does not cut a clause shorter than the fewest words', () => {
    const { translated } = run([interim('Then and there we', 0), interim('Then and there we went', 1_100)]);
    expect(translated.join('')).toBe('');
  });

  it('does not cut at a boundary whose next word is not yet stable', () => {
    const { translated } = run([
      interim('We will walk for about two hours', 0),
      interim('We will walk for about two hours and', 1_100),
    ]);
    expect(translated.join('')).toBe('');
  });

  it('waits for the final in a script written without spaces', () => {
    const { translated } = run([
      interim('大聖堂は三百年かかって完成しました、そして', 0, 'ja'),
      interim('大聖堂は三百年かかって完成しました、そして塔は', 1_100, 'ja'),
    ]);
    expect(translated.join('')).toBe('');
  });

  it('the final hands out only the words not yet translated: nothing twice, nothing lost', () => {
    const events = heard(SENTENCE);
    const { translated } = run([...events, final(`${SENTENCE}.`, 10_000)]);
    expect(translated.filter(Boolean).join(' ')).toBe(`${SENTENCE}.`);
    expect(translated.filter(Boolean).length).toBeGreaterThan(1);
  });

  it('a final that revises words already translated is a retraction', () => {
    const { state, translated } = run([
      interim('We will walk for about two hours and then', 0),
      interim('We will walk for about two hours and then stop', 1_100),
      final('We will work for about two hours and then stop.', 2_000),
    ]);
    expect(translated[1]).toBe('We will walk for about two hours');
    expect(translated[2]).toBe('and then stop.');
    expect(state.retractions).toBe(1);
  });

  it('after a retraction no early clause for a minute: at most one retraction a minute', () => {
    const revised = [
      interim('We will walk for about two hours and then', 0),
      interim('We will walk for about two hours and then stop', 1_100),
      final('We will work for about two hours and then stop.', 2_000),
    ];
    const { translated, state } = run([
      ...revised,
      interim('The bridge was built by the Romans and', 3_000),
      interim('The bridge was built by the Romans and most', 4_500),
      final('The bridge was built by the Romans and most of it is newer.', 6_000),
    ]);
    expect(translated.slice(3)).toEqual([
      '',
      '',
      'The bridge was built by the Romans and most of it is newer.',
    ]);
    expect(state.retractions).toBe(1);
    const later = run([
      ...revised,
      interim('The bridge was built by the Romans and', 62_000),
      interim('The bridge was built by the Romans and most', 63_500),
    ]);
    expect(later.translated.at(-1)).toBe('The bridge was built by the Romans');
  });

  it('a word revised inside the phrase makes the words after it stable again only from then', () => {
    const { translated } = run([
      interim('We will walk for about two hours', 0),
      interim('We will work for about two hours and then', 800),
      interim('We will work for about two hours and then stop', 1_100),
    ]);
    expect(translated.join('')).toBe('');
  });
});
