import { HISTORY_MAX_SESSIONS } from '../../lib/ui-constants';

/** One stopped voice session as the browser keeps it (docs/SPEC.md §1: on the device only, never sent anywhere). */
export interface HistoryCue {
  /** Milliseconds from the start of the session. */
  readonly startMs: number;
  readonly endMs: number;
  readonly text: string;
}

export interface HistorySession {
  readonly id: string;
  /** Epoch milliseconds at which the session started. */
  readonly startedAt: number;
  readonly transcript: string;
  readonly translation: string;
  /** The language the translation is in, when translation was on. */
  readonly targetLanguage?: string;
  /** One cue per finalised phrase, in order; SRT export reads them. */
  readonly cues: readonly HistoryCue[];
  /** The travel analysis as shown, when it was run. */
  readonly analysis?: unknown;
}

export const HISTORY_LIMIT = HISTORY_MAX_SESSIONS;

/** How many words of a session the list shows. */
const FIRST_WORDS = 8;

export function firstWords(session: Pick<HistorySession, 'transcript'>): string {
  const words = session.transcript.trim().split(/\s+/).filter(Boolean);
  const shown = words.slice(0, FIRST_WORDS).join(' ');
  // A cut mid-sentence ends in one ellipsis, not after the sentence's own full stop.
  return words.length > FIRST_WORDS ? `${shown.replace(/[.,;:!?]+$/, '')}…` : shown;
}

/** The ids to delete so that, after one more session is saved, no more than `limit` remain: the oldest go. */
export function idsOverLimit(
  sessions: readonly Pick<HistorySession, 'id' | 'startedAt'>[],
  limit: number = HISTORY_LIMIT,
): string[] {
  const excess = sessions.length + 1 - limit;
  if (excess <= 0) return [];
  return [...sessions]
    .sort((a, b) => a.startedAt - b.startedAt)
    .slice(0, excess)
    .map((session) => session.id);
}
