/**
 * How far the spoken translation may trail the speaker (docs/SPEC.md §4 Spoken lag, §9), as a pure state machine:
 * the speak-back pipeline feeds it one event per translated clause and per utterance that starts or ends playing,
 * and carries out the decisions it answers with (ask for this utterance's speech at this rate; this phrase is
 * shown, not spoken). No audio, clock or request here: every event carries its time (the page's milliseconds),
 * so it behaves the same under test as in a browser.
 *
 * The lag of a phrase is its ear-voice span: from the end of its source speech to its translation starting to
 * play. While the lag is short clauses are spoken as they come; past `speedUpFromMs` the voice speeds up, in
 * proportion, to `maxRate` at `fullSpeedFromMs` (the speech engine keeps the pitch: the rate is its `speed`); clauses
 * that queue up behind the playing utterance are joined into one, so they are asked for and played as one; a
 * clause that would still start past the bound is shown and not spoken, oldest first. The text is never touched:
 * what is not spoken stays on screen.
 */
import { MAX_SPEECH_RATE } from '@wayfarer/shared/api/voice-output';

export interface SpokenLagSettings {
  /** The longest ear-voice span a spoken phrase may have: a clause that would start later is only shown. */
  boundMs: number;
  /** Below this lag the voice speaks at its own pace. */
  speedUpFromMs: number;
  /** From this lag on the voice speaks at `maxRate`: a voice a third slower than the speaker settles well under the bound. */
  fullSpeedFromMs: number;
  /** The fastest the voice is asked to speak. */
  maxRate: number;
  /** From asking for an utterance's speech to its first sample playing (the voice's first byte, then playback). */
  synthesisMs: number;
  /** A voice's pace before any utterance has played: about 150 words a minute. */
  initialCharsPerSecond: number;
  /** Utterances asked for ahead of the one playing: its speech arrives while the one before plays. */
  utterancesAhead: number;
}

export const DEFAULT_SPOKEN_LAG_SETTINGS: SpokenLagSettings = {
  boundMs: 5_000,
  speedUpFromMs: 1_000,
  fullSpeedFromMs: 2_000,
  maxRate: MAX_SPEECH_RATE,
  synthesisMs: 600,
  initialCharsPerSecond: 14,
  utterancesAhead: 1,
};

/** `pass-through` speaks every clause as it comes, at the voice's own pace: two-way conversation, and benches. */
export type SpokenLagPolicy = 'bounded' | 'pass-through';

/** A translated clause waiting for its speech to be asked for. */
export interface WaitingClause {
  readonly phrase: number;
  readonly text: string;
  /** When its source phrase ended (the speaker's last word), page time. */
  readonly sourceEndAt: number;
}

/** Speech asked for and not yet ended. */
export interface Utterance {
  readonly id: number;
  readonly phrases: readonly number[];
  readonly characters: number;
  readonly rate: number;
  readonly askedAt: number;
  /** The oldest source end among its clauses: its lag is measured from here. */
  readonly sourceEndAt: number;
  readonly startedAt: number | undefined;
}

/** What became of a phrase's clauses so far. */
export interface PhraseSpeech {
  readonly spoken: boolean;
  readonly spedUp: boolean;
  /** Spoken in one utterance with another phrase. */
  readonly merged: boolean;
  /** None of it was read out: marked on screen as shown, not spoken. */
  readonly shownOnly: boolean;
  /** Its reading stopped part-way: a later clause would have been heard too late. Not marked: it was heard. */
  readonly cut: boolean;
}

export interface SpokenLagState {
  readonly settings: SpokenLagSettings;
  readonly policy: SpokenLagPolicy;
  readonly waiting: readonly WaitingClause[];
  /** In the order they play; the first may be playing. */
  readonly asked: readonly Utterance[];
  /** The voice's pace, learnt from the utterances that have played. */
  readonly charsPerSecond: number;
  /** The lag of the utterance that started last; null before any has. */
  readonly lagMs: number | null;
  /** When the utterance that started last started (page time), and the phrases it speaks. */
  readonly lastStarted: { readonly at: number; readonly phrases: readonly number[] } | null;
  readonly phrases: ReadonlyMap<number, PhraseSpeech>;
  readonly nextId: number;
}

export type SpokenLagEvent =
  /** A clause of a phrase's translation is complete, `at` page time. */
  | { type: 'clause'; phrase: number; text: string; sourceEndAt: number; at: number }
  /** An utterance's first sample plays at `at`. */
  | { type: 'started'; utterance: number; at: number }
  /** An utterance played to its end, or failed, or was given up. */
  | { type: 'ended'; utterance: number; at: number };

export type SpokenLagAction =
  | { type: 'speak'; utterance: number; text: string; rate: number; phrases: readonly number[] }
  | { type: 'shown-only'; phrase: number };

export interface SpokenLagStep {
  readonly state: SpokenLagState;
  readonly actions: readonly SpokenLagAction[];
}

export function initialSpokenLagState(
  policy: SpokenLagPolicy,
  settings: SpokenLagSettings = DEFAULT_SPOKEN_LAG_SETTINGS,
): SpokenLagState {
  return {
    settings,
    policy,
    waiting: [],
    asked: [],
    charsPerSecond: settings.initialCharsPerSecond,
    lagMs: null,
    lastStarted: null,
    phrases: new Map(),
    nextId: 1,
  };
}

export function spokenLagReducer(state: SpokenLagState, event: SpokenLagEvent): SpokenLagStep {
  switch (event.type) {
    case 'clause':
      return askForSpeech(
        {
          ...state,
          waiting: [
            ...state.waiting,
            { phrase: event.phrase, text: event.text, sourceEndAt: event.sourceEndAt },
          ],
        },
        event.at,
      );
    case 'started':
      return onStarted(state, event.utterance, event.at);
    case 'ended':
      return askForSpeech(onEnded(state, event.utterance, event.at), event.at);
  }
}

/** The phrases spoken, sped up, merged and shown only so far: what a bench prints. */
export function spokenLagTally(state: SpokenLagState): {
  spoken: number;
  spedUp: number;
  merged: number;
  shownOnly: number;
  cut: number;
} {
  const all = [...state.phrases.values()];
  return {
    spoken: all.filter((phrase) => phrase.spoken).length,
    spedUp: all.filter((phrase) => phrase.spedUp).length,
    merged: all.filter((phrase) => phrase.merged).length,
    shownOnly: all.filter((phrase) => phrase.shownOnly).length,
    cut: all.filter((phrase) => phrase.cut).length,
  };
}

function durationMs(state: SpokenLagState, characters: number, rate: number): number {
  return (characters / state.charsPerSecond / rate) * 1000;
}

/** When the asked-for speech will have played, as far as can be told at `now`. */
function askedSpeechEnd(state: SpokenLagState, now: number): number {
  let end = now;
  for (const utterance of state.asked) {
    const start = utterance.startedAt ?? Math.max(utterance.askedAt + state.settings.synthesisMs, end);
    end = Math.max(now, start + durationMs(state, utterance.characters, utterance.rate));
  }
  return end;
}

/** The rate for a lag: the voice's own below `speedUpFromMs`, rising in proportion to `maxRate` at `fullSpeedFromMs`. */
function rateForLag(settings: SpokenLagSettings, lagMs: number): number {
  if (lagMs <= settings.speedUpFromMs) return 1;
  const share = (lagMs - settings.speedUpFromMs) / (settings.fullSpeedFromMs - settings.speedUpFromMs);
  return Math.min(settings.maxRate, 1 + share * (settings.maxRate - 1));
}

function withPhrase(
  phrases: ReadonlyMap<number, PhraseSpeech>,
  phrase: number,
  change: Partial<PhraseSpeech>,
): ReadonlyMap<number, PhraseSpeech> {
  const before = phrases.get(phrase) ?? {
    spoken: false,
    spedUp: false,
    merged: false,
    shownOnly: false,
    cut: false,
  };
  return new Map(phrases).set(phrase, { ...before, ...change });
}

function askForSpeech(previous: SpokenLagState, now: number): SpokenLagStep {
  if (previous.waiting.length === 0) return { state: previous, actions: [] };
  if (previous.policy === 'pass-through') return passThrough(previous);
  if (previous.asked.length > previous.settings.utterancesAhead) return { state: previous, actions: [] };
  const { settings } = previous;
  const actions: SpokenLagAction[] = [];
  let phrases = previous.phrases;
  const start = Math.max(now + settings.synthesisMs, askedSpeechEnd(previous, now));
  // Oldest first: a clause that would start past the bound is shown only, and the next one is measured. Speech
  // never resumes inside a phrase once one of its clauses was skipped (its end without its start would mislead).
  // A phrase is marked shown, not spoken, only when none of it was read out; one cut part-way was heard.
  const kept = previous.waiting.filter((clause) => {
    const before = phrases.get(clause.phrase);
    const skipped = before?.shownOnly === true || before?.cut === true;
    if (!skipped && start - clause.sourceEndAt <= settings.boundMs) return true;
    if (skipped) return false;
    if (before?.spoken) {
      phrases = withPhrase(phrases, clause.phrase, { cut: true });
      return false;
    }
    actions.push({ type: 'shown-only', phrase: clause.phrase });
    phrases = withPhrase(phrases, clause.phrase, { shownOnly: true });
    return false;
  });
  let state: SpokenLagState = { ...previous, waiting: [], phrases };
  if (kept.length === 0) return { state, actions };
  const sourceEndAt = Math.min(...kept.map((clause) => clause.sourceEndAt));
  const rate = rateForLag(settings, start - sourceEndAt);
  const text = kept.map((clause) => clause.text).join(' ');
  const ids = [...new Set(kept.map((clause) => clause.phrase))];
  for (const phrase of ids) {
    phrases = withPhrase(phrases, phrase, {
      spoken: true,
      ...(rate > 1 ? { spedUp: true } : {}),
      ...(ids.length > 1 ? { merged: true } : {}),
    });
  }
  const utterance: Utterance = {
    id: state.nextId,
    phrases: ids,
    characters: text.length,
    rate,
    askedAt: now,
    sourceEndAt,
    startedAt: undefined,
  };
  state = { ...state, phrases, asked: [...state.asked, utterance], nextId: state.nextId + 1 };
  actions.push({ type: 'speak', utterance: utterance.id, text, rate, phrases: ids });
  return { state, actions };
}

function passThrough(previous: SpokenLagState): SpokenLagStep {
  let state: SpokenLagState = { ...previous, waiting: [] };
  const actions: SpokenLagAction[] = [];
  for (const clause of previous.waiting) {
    const utterance: Utterance = {
      id: state.nextId,
      phrases: [clause.phrase],
      characters: clause.text.length,
      rate: 1,
      askedAt: 0,
      sourceEndAt: clause.sourceEndAt,
      startedAt: undefined,
    };
    state = {
      ...state,
      asked: [...state.asked, utterance],
      phrases: withPhrase(state.phrases, clause.phrase, { spoken: true }),
      nextId: state.nextId + 1,
    };
    actions.push({
      type: 'speak',
      utterance: utterance.id,
      text: clause.text,
      rate: 1,
      phrases: [clause.phrase],
    });
  }
  return { state, actions };
}

function onStarted(state: SpokenLagState, id: number, at: number): SpokenLagStep {
  const utterance = state.asked.find((asked) => asked.id === id);
  if (!utterance || utterance.startedAt !== undefined) return { state, actions: [] };
  return {
    state: {
      ...state,
      asked: state.asked.map((asked) => (asked.id === id ? { ...asked, startedAt: at } : asked)),
      lagMs: Math.round(at - utterance.sourceEndAt),
      lastStarted: { at, phrases: utterance.phrases },
    },
    actions: [],
  };
}

/** An utterance shorter than this says little about the voice's pace (its silence at either end weighs more). */
const PACE_SAMPLE_MIN_MS = 1_000;

function onEnded(state: SpokenLagState, id: number, at: number): SpokenLagState {
  const utterance = state.asked.find((asked) => asked.id === id);
  if (!utterance) return state;
  const asked = state.asked.filter((other) => other.id !== id);
  const playedMs = utterance.startedAt === undefined ? 0 : at - utterance.startedAt;
  if (playedMs < PACE_SAMPLE_MIN_MS) return { ...state, asked };
  // Half the new measure, half the old: one odd utterance (a number read out) does not swing the estimate.
  const measured = (utterance.characters / (playedMs / 1000)) * utterance.rate;
  return { ...state, asked, charsPerSecond: (state.charsPerSecond + measured) / 2 };
}
