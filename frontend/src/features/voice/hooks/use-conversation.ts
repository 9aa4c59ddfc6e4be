import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isSubscriber, useSession } from '../../../lib/session-context';
import {
  conversationReducer,
  initialConversationState,
  isActive,
  mainPressEffect,
  type ConversationEvent,
  type ConversationState,
} from '../conversation';
import type { VoiceSession } from '../voice-session';

// Microphone capture, the speech socket and the key call are fetched on the first press, not with `/`
// (docs/DESIGN.md §8 budget); the press waits for the microphone anyway.
export const loadVoiceSession = () => import('../voice-session');

export interface Conversation {
  readonly state: ConversationState;
  readonly pressMain: () => void;
  readonly dispatch: (event: ConversationEvent) => void;
}

/** Drives the conversation reducer (docs/SPEC.md §4) from a voice session (microphone, speech key, speech socket). */
export function useConversation(): Conversation {
  const { t } = useTranslation();
  const session = useSession();
  const [state, dispatch] = useReducer(conversationReducer, initialConversationState);
  const stateRef = useRef(state);
  const sessionRef = useRef(session);
  const current = useRef<{ voice?: VoiceSession; cancelled: boolean } | null>(null);

  useEffect(() => {
    stateRef.current = state;
    sessionRef.current = session;
  });

  /** Ends the current session; `then` is what the conversation does about it (nothing when leaving). */
  const release = useCallback((then?: ConversationEvent) => {
    const run = current.current;
    current.current = null;
    if (run) {
      run.cancelled = true;
      run.voice?.stop();
    }
    if (then) dispatch(then);
  }, []);

  const begin = useCallback(async () => {
    if (stateRef.current.status === 'limit_reached') return;
    release();
    dispatch({ type: 'start' });
    const run: { voice?: VoiceSession; cancelled: boolean } = { cancelled: false };
    current.current = run;
    const { startVoiceSession } = await loadVoiceSession();
    if (run.cancelled) return;
    const live = (handler: () => void) => {
      if (!run.cancelled) handler();
    };
    run.voice = startVoiceSession(
      {
        subscriber: isSubscriber(sessionRef.current),
        signedIn: sessionRef.current.status === 'signed-in',
        muted: stateRef.current.muted,
      },
      {
        microphone: (result) =>
          live(() => {
            if (result !== 'listening') current.current = null;
            dispatch({ type: 'microphone_started', result });
          }),
        startDelayElapsed: () => live(() => dispatch({ type: 'start_delay_elapsed' })),
        transcript: (result) =>
          live(() => {
            if (!result.isFinal) return dispatch({ type: 'interim_transcript', text: result.text });
            dispatch({ type: 'final_transcript', text: result.text });
            // Seam for the translation feature: until it lands a phrase has no translation, which docs/SPEC.md §4
            // treats as an empty one (back to recording).
            if (stateRef.current.translationEnabled && result.text.trim() !== '') {
              dispatch({ type: 'translation_finished', text: '' });
            }
          }),
        ended: (reason) =>
          live(() => release({ type: reason === 'limit_reached' ? 'limit_reached' : 'failed' })),
        // Toasts outlive the session: a failed usage report arrives after stop.
        toast: (key) => toast.error(t(key)),
      },
    );
  }, [release, t]);

  const pressMain = useCallback(() => {
    const effect = mainPressEffect(stateRef.current);
    dispatch({ type: 'main_pressed' });
    if (effect === 'open_help') return;
    if (effect === 'stop') return release({ type: 'stop' });
    // Unlocking audio for spoken translations belongs to the playback feature; start clears old state.
    void begin();
  }, [begin, release]);

  useEffect(() => {
    current.current?.voice?.setMuted(state.muted);
  }, [state.muted]);

  // docs/SPEC.md §4: stop when the page is hidden, and when leaving the screen. pagehide too: closing or leaving the
  // page must report the seconds used before the page is gone, and not every browser hides it first.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && isActive(stateRef.current)) release({ type: 'stop' });
    };
    const onPageHide = () => {
      if (isActive(stateRef.current)) release({ type: 'stop' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      release();
    };
  }, [release]);

  return { state, pressMain, dispatch };
}
