import { useEffect, useRef } from 'react';
import { fullTranslation, isActive, type ConversationState } from '../conversation';

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
  const report = useRef({ onStopped, targetLanguage });

  useEffect(() => {
    report.current = { onStopped, targetLanguage };
  });

  useEffect(() => {
    const now = Date.now();
    if (state.status === 'initializing' && state.transcript === '') {
      recording.current ??= { startedAt: now, cues: [], heard: 0 };
      return;
    }
    const run = recording.current;
    if (!run) return;
    const at = now - run.startedAt;
    if (state.interim.trim() !== '') run.phraseStart ??= at;
    if (state.transcript.length > run.heard) {
      const text = state.transcript.slice(run.heard).trim();
      const previousEnd = run.cues.at(-1)?.endMs ?? 0;
      run.cues.push({ startMs: run.phraseStart ?? previousEnd, endMs: at, text });
      run.heard = state.transcript.length;
      run.phraseStart = undefined;
    }
    if (isActive(state)) return;
    recording.current = null;
    const ended = state.status === 'stopped' || state.status === 'limit_reached' || state.status === 'error';
    if (!ended || state.transcript.trim() === '') return;
    const translation = fullTranslation(state);
    report.current.onStopped?.({
      startedAt: run.startedAt,
      transcript: state.transcript,
      translation,
      targetLanguage: translation === '' ? undefined : report.current.targetLanguage,
      cues: run.cues,
    });
  }, [state]);
}
