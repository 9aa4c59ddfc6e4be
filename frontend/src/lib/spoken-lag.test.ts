import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPOKEN_LAG_SETTINGS,
  initialSpokenLagState,
  spokenLagReducer,
  spokenLagTally,
  type SpokenLagAction,
  type SpokenLagEvent,
  type SpokenLagState,
} from './spoken-lag';

// Settings with round figures: a voice of 10 characters a second, speech starting 500 ms after it is asked for.
const SETTINGS = {
  ...DEFAULT_SPOKEN_LAG_SETTINGS,
  boundMs: 5_000,
  speedUpFromMs: 2_000,
  fullSpeedFromMs: 5_000,
  maxRate: 1.5,
  synthesisMs: 500,
  initialCharsPerSecond: 10,
};

/** Runs events through the reducer from a fresh state; returns the last state and every action. */
function run(
  events: SpokenLagEvent[],
  policy: 'bounded' | 'pass-through' = 'bounded',
): { state: SpokenLagState; actions: SpokenLagAction[] } {
  let state = initialSpokenLagState(policy, SETTINGS);
  const actions: SpokenLagAction[] = [];
  for (const event of events) {
    const step = spokenLagReducer(state, event);
    state = step.state;
    actions.push(...step.actions);
  }
  return { state, actions };
}

const speaks = (actions: SpokenLagAction[]) => actions.filter((action) => action.type === 'speak');
const shownOnly = (actions: SpokenLagAction[]) =>
  actions.filter((action) => action.type === 'shown-only').map((action) => action.phrase);

/** A clause of `chars` characters (a second per 10 at the test voice's pace). */
function clause(phrase: number, chars: number, sourceEndAt: number, at: number): SpokenLagEvent {
  return { type: 'clause', phrase, text: 'x'.repeat(chars), sourceEndAt, at };
}

describe('spoken-lag reducer (docs/SPEC.md §4 Spoken lag)', () => {
  it('speaks a clause at once when no utterance is waiting to play', () => {
    const { actions } = run([clause(1, 20, 0, 1_000)]);
    expect(speaks(actions)).toEqual([
      { type: 'speak', utterance: 1, text: 'x'.repeat(20), rate: 1, phrases: [1] },
    ]);
  });

  it('asks for the next utterance while one plays, so it is ready when that one ends', () => {
    const { actions } = run([
      clause(1, 20, 0, 1_000),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(2, 20, 1_500, 2_000),
    ]);
    expect(speaks(actions).map((action) => action.utterance)).toEqual([1, 2]);
  });

  it('holds clauses while one utterance plays and another waits to play', () => {
    const { actions, state } = run([
      clause(1, 20, 0, 1_000),
      clause(2, 20, 1_000, 1_200),
      clause(3, 10, 1_500, 1_600),
    ]);
    expect(speaks(actions)).toHaveLength(2);
    expect(state.waiting.map((waiting) => waiting.phrase)).toEqual([3]);
  });

  it('merges the waiting clauses into one utterance when an utterance ends', () => {
    const { actions, state } = run([
      clause(1, 20, 0, 1_000),
      clause(2, 20, 1_000, 1_100),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(3, 10, 2_000, 2_100),
      clause(4, 10, 2_200, 2_300),
      { type: 'ended', utterance: 1, at: 3_500 },
    ]);
    const merged = speaks(actions).at(-1)!;
    expect(merged).toMatchObject({
      utterance: 3,
      text: `${'x'.repeat(10)} ${'x'.repeat(10)}`,
      phrases: [3, 4],
    });
    expect(spokenLagTally(state).merged).toBe(2);
  });

  it('speaks at the normal rate while the lag stays under the speed-up lag', () => {
    // Asked at 1,000, heard from 1,500: 1.5 s after the phrase ended.
    const { actions } = run([clause(1, 20, 0, 1_000)]);
    expect(speaks(actions)[0]!.rate).toBe(1);
  });

  it('speeds up in proportion to the lag past the speed-up lag', () => {
    // Heard from 3,000 + 500 at the earliest: a lag of 3.5 s, halfway between 2 s and 5 s.
    const { actions } = run([clause(1, 20, 0, 3_000)]);
    expect(speaks(actions)[0]!.rate).toBeCloseTo(1.25, 5);
  });

  it('reaches the rate cap at the full-speed lag, and never goes past it', () => {
    expect(speaks(run([clause(1, 20, 0, 4_500)]).actions)[0]!.rate).toBe(1.5);
    expect(speaks(run([clause(1, 20, 0, 4_499)]).actions)[0]!.rate).toBeLessThan(1.5);
  });

  it('by default speeds up from a lag of 1 s and speaks at 1.5 times from 2 s', () => {
    // Asked 900 ms after the phrase ended, heard 600 ms later: a lag of 1.5 s, halfway up.
    const rate = (at: number) => {
      const step = spokenLagReducer(initialSpokenLagState('bounded'), clause(1, 20, 0, at));
      return speaks([...step.actions])[0]!.rate;
    };
    expect(rate(400)).toBe(1);
    expect(rate(900)).toBeCloseTo(1.25, 5);
    expect(rate(1_400)).toBe(DEFAULT_SPOKEN_LAG_SETTINGS.maxRate);
  });

  it('predicts when an utterance starts from the end of the one before it', () => {
    // Utterance 1 (2 s of speech) plays from 1,500 to 3,500; utterance 2 is heard from 3,500, 3.5 s after its phrase.
    const { actions } = run([
      clause(1, 20, 0, 1_000),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(2, 20, 0, 1_600),
    ]);
    expect(speaks(actions)[1]!.rate).toBeCloseTo(1.25, 5);
  });

  it('shows, not speaks, the oldest waiting clauses whose speech would start past the bound', () => {
    // Utterance 2 ends at 1,500 + 2,000 + 4,000 = 7,500: phrases 3 and 4 would start 7.5 s and 2.5 s after they ended.
    const { actions, state } = run([
      clause(1, 20, 0, 1_000),
      clause(2, 40, 1_500, 1_600),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(3, 10, 0, 1_600),
      clause(4, 10, 5_000, 5_100),
      { type: 'ended', utterance: 1, at: 3_500 },
    ]);
    expect(shownOnly(actions)).toEqual([3]);
    expect(speaks(actions).at(-1)).toMatchObject({ phrases: [4] });
    expect(spokenLagTally(state).shownOnly).toBe(1);
  });

  it('keeps a clause that can still start within the bound', () => {
    const { actions } = run([
      clause(1, 20, 0, 1_000),
      clause(2, 20, 1_500, 1_600),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(3, 10, 1_000, 1_600),
      { type: 'ended', utterance: 1, at: 3_500 },
    ]);
    // Utterance 2 ends at 5,500: phrase 3 starts 4.5 s after it ended, within the 5 s bound.
    expect(shownOnly(actions)).toEqual([]);
    expect(speaks(actions).at(-1)).toMatchObject({ phrases: [3] });
  });

  it('marks a phrase shown only once, however many of its clauses are not spoken', () => {
    const { actions } = run([
      clause(1, 20, 0, 1_000),
      clause(2, 60, 1_500, 1_600),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(3, 10, 0, 1_600),
      clause(3, 10, 0, 1_700),
      { type: 'ended', utterance: 1, at: 3_500 },
    ]);
    expect(shownOnly(actions)).toEqual([3]);
  });

  it('does not mark a phrase cut part-way as shown only: its beginning was heard', () => {
    // Phrase 1's second clause plays sped up until 8,300: its third would start 8.3 s after the phrase ended.
    const { actions, state } = run([
      clause(1, 20, 0, 1_000),
      { type: 'started', utterance: 1, at: 1_500 },
      clause(1, 60, 0, 1_600),
      clause(1, 10, 0, 1_700),
      { type: 'ended', utterance: 1, at: 3_500 },
    ]);
    expect(shownOnly(actions)).toEqual([]);
    expect(speaks(actions).map((action) => action.phrases)).toEqual([[1], [1]]);
    expect(spokenLagTally(state)).toMatchObject({ spoken: 1, cut: 1, shownOnly: 0 });
  });

  it('never speaks the rest of a phrase once one of its clauses was not spoken', () => {
    // Phrase 3's first clause would start 5.1 s after it ended; the voice then proves faster, and its second
    // clause could start 2.7 s after, but speech does not resume in the middle of a phrase.
    const { actions, state } = run([
      clause(1, 10, 0, 0),
      { type: 'started', utterance: 1, at: 500 },
      clause(2, 40, 0, 600),
      clause(3, 10, 0, 700),
      { type: 'ended', utterance: 1, at: 1_000 },
      { type: 'started', utterance: 2, at: 1_100 },
      { type: 'ended', utterance: 2, at: 2_100 },
      clause(3, 10, 0, 2_200),
    ]);
    expect(shownOnly(actions)).toEqual([3]);
    expect(speaks(actions).map((action) => action.phrases)).toEqual([[1], [2]]);
    expect(spokenLagTally(state)).toMatchObject({ spoken: 2, shownOnly: 1 });
  });

  it('learns the pace of the voice from the utterances that have played', () => {
    // 20 characters took 4 s: a voice of 5 characters a second, half the first guess.
    const { state } = run([
      clause(1, 20, 0, 1_000),
      { type: 'started', utterance: 1, at: 1_500 },
      { type: 'ended', utterance: 1, at: 5_500 },
    ]);
    expect(state.charsPerSecond).toBeLessThan(SETTINGS.initialCharsPerSecond);
    expect(state.charsPerSecond).toBeGreaterThanOrEqual(5);
  });

  it('reports the lag of the phrase whose speech has just started', () => {
    const { state } = run([clause(1, 20, 200, 1_000), { type: 'started', utterance: 1, at: 1_700 }]);
    expect(state.lagMs).toBe(1_500);
    expect(state.lastStarted).toEqual({ at: 1_700, phrases: [1] });
  });

  it('a failed utterance ends like a played one, and the next waits no longer', () => {
    const { actions } = run([
      clause(1, 20, 0, 1_000),
      clause(2, 20, 1_000, 1_100),
      clause(3, 10, 1_200, 1_300),
      { type: 'ended', utterance: 1, at: 1_400 },
    ]);
    expect(speaks(actions).map((action) => action.phrases)).toEqual([[1], [2], [3]]);
  });

  it('accounts for every clause: spoken or shown only, never lost', () => {
    const events: SpokenLagEvent[] = [];
    let at = 0;
    // A speaker twice as fast as the voice: 3 s phrases that take 6 s to say.
    for (let phrase = 1; phrase <= 20; phrase += 1) {
      at += 3_000;
      events.push(clause(phrase, 60, at, at + 800));
    }
    let state = initialSpokenLagState('bounded', SETTINGS);
    const spoken = new Set<number>();
    const notSpoken = new Set<number>();
    // What was asked for, with how long it plays: 10 characters a second at the normal rate.
    const pending: { utterance: number; ms: number }[] = [];
    let clock = 0;
    const apply = (event: SpokenLagEvent) => {
      const step = spokenLagReducer(state, event);
      state = step.state;
      for (const action of step.actions) {
        if (action.type === 'speak') {
          action.phrases.forEach((phrase) => spoken.add(phrase));
          pending.push({ utterance: action.utterance, ms: (action.text.length * 100) / action.rate });
        } else notSpoken.add(action.phrase);
      }
    };
    for (const event of events) {
      // Play what was asked for until this clause arrives.
      while (pending.length > 0 && clock + pending[0]!.ms <= event.at) {
        const { utterance, ms } = pending.shift()!;
        apply({ type: 'started', utterance, at: clock });
        clock += ms;
        apply({ type: 'ended', utterance, at: clock });
      }
      clock = Math.max(clock, event.at);
      apply(event);
    }
    for (let phrase = 1; phrase <= 20; phrase += 1)
      expect(spoken.has(phrase) || notSpoken.has(phrase)).toBe(true);
    expect(notSpoken.size).toBeGreaterThan(0);
  });

  it('passes every clause through at once and at the normal rate when the policy is off', () => {
    const { actions, state } = run(
      [clause(1, 20, 0, 1_000), clause(2, 20, 0, 9_000), clause(3, 20, 0, 9_100)],
      'pass-through',
    );
    expect(speaks(actions).map((action) => [action.phrases, action.rate])).toEqual([
      [[1], 1],
      [[2], 1],
      [[3], 1],
    ]);
    expect(state.waiting).toEqual([]);
  });
});
