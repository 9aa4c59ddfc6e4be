import { useEffect, useRef } from 'react';
import { conversationReducer, fullTranslation, isSessionOpen, type ConversationState } from '../conversation';

/** A phrase as recognised, timed from the start of its session. */
export interface PhraseCue {
  readonly startMs: number;
  readonly endMs: number;
  readonly text: string;
}

/** What a session left when it stopped: handed to whoever keeps it (the app's on-device history). */
export interface StoppedSession {
  readonly startedAt: number;
  readonly transcript: string;
  readonly translation: string;
  readonly targetLanguage?: string;
  readonly cues: readonly PhraseCue[];
}

interface Recording {
  startedAt: number;
  cues: PhraseCue[];
  heard: number;
  phraseStart?: number;
}

interface Reporting {
  onStopped: ((session: StoppedSession) => void) | undefined;
  targetLanguage: string | undefined;
}

/** Follows one state of the conversation; reports the session once it has ended with something said. */
function observe(recording: { current: Recording | null }, report: Reporting, now: ConversationState): void {
  const at = Date.now();
  if (now.status === 'initializing' && now.transcript === '') {
    recording.current ??= { startedAt: at, cues: [], heard: 0 };
    return;
  }
  const run = recording.current;
  if (!run) return;
  const elapsed = at - run.startedAt;
  if (now.interim.trim() !== '') run.phraseStart ??= elapsed;
  if (now.transcript.length > run.heard) {
    const text = now.transcript.slice(run.heard).trim();
    const previousEnd = run.cues.at(-1)?.endMs ?? 0;
    run.cues.push({ startMs: run.phraseStart ?? previousEnd, endMs: elapsed, text });
    run.heard = now.transcript.length;
    run.phraseStart = undefined;
  }
  if (isSessionOpen(now)) return;
  recording.current = null;
  const ended = now.status === 'stopped' || now.status === 'limit_reached' || now.status === 'error';
  if (!ended || now.transcript.trim() === '') return;
  const translation = fullTranslation(now);
  report.onStopped?.({
    startedAt: run.startedAt,
    transcript: now.transcript,
    translation,
    targetLanguage: translation === '' ? undefined : report.targetLanguage,
    cues: run.cues,
  });
}

/**
 * Times each phrase as the recogniser finalises it (a phrase starts when its first interim words appear) and, when
 * the session stops with something said, reports it once. The speech socket gives no word times, so a cue spans
 * its phrase.
 */
export function useStoppedSession(
  state: ConversationState,
  targetLanguage: string | undefined,
  onStopped: ((session: StoppedSession) => void) | undefined,
): void {
  const recording = useRef<Recording | null>(null);
  const report = useRef<Reporting>({ onStopped, targetLanguage });
  const latest = useRef(state);

  useEffect(() => {
    report.current = { onStopped, targetLanguage };
    latest.current = state;
  });

  useEffect(() => observe(recording, report.current, state), [state]);

  // docs/SPEC.md §2: leaving the screen stops the conversation, and a stopped session with speech is kept. The
  // screen is gone by then and no state will say "stopped", so the stop is played here on the last state.
  useEffect(
    () => () => {
      if (recording.current && isSessionOpen(latest.current))
        observe(recording, report.current, conversationReducer(latest.current, { type: 'stop' }));
    },
    [],
  );
}
