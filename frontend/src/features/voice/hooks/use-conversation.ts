import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RECORDING_START_DELAY_MS, SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import { VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { AudioCaptureError, startAudioCapture, type AudioCapture } from '../../../lib/audio-capture';
import { openDeepgramSocket, type DeepgramSocket } from '../../../lib/deepgram-socket';
import { isSubscriber, useSession } from '../../../lib/session-context';
import { fetchSpeechKey, reportUsage } from '../api';
import {
  conversationReducer,
  initialConversationState,
  isActive,
  mainPressEffect,
  type ConversationEvent,
  type ConversationState,
} from '../conversation';

/** One press of start until the matching stop: everything that must be released together. */
interface Run {
  cancelled: boolean;
  capture?: AudioCapture;
  socket?: DeepgramSocket;
  /** Chunks captured while the key is being fetched. */
  pending: ArrayBuffer[];
  timers: ReturnType<typeof setTimeout>[];
  /** When the key's lease opened (performance.now()), for the usage report. */
  keyIssuedAt?: number;
}

type RunEnd = 'stop' | 'limit_reached' | 'failed' | 'left';

export interface Conversation {
  readonly state: ConversationState;
  readonly pressMain: () => void;
  readonly dispatch: (event: ConversationEvent) => void;
}

/** Drives the conversation reducer from the microphone, the speech key and the speech socket. */
export function useConversation(): Conversation {
  const { t } = useTranslation();
  const session = useSession();
  const [state, dispatch] = useReducer(conversationReducer, initialConversationState);
  const stateRef = useRef(state);
  const runRef = useRef<Run | null>(null);
  const sessionRef = useRef(session);

  useEffect(() => {
    stateRef.current = state;
    sessionRef.current = session;
  });

  const endRun = useCallback(
    (how: RunEnd) => {
      const run = runRef.current;
      if (!run) return;
      runRef.current = null;
      run.cancelled = true;
      for (const timer of run.timers) clearTimeout(timer);
      run.capture?.stop();
      void run.socket?.finish();
      if (run.keyIssuedAt !== undefined) {
        const seconds = (performance.now() - run.keyIssuedAt) / 1000;
        const signedIn = sessionRef.current.status === 'signed-in';
        void reportUsage(seconds).then((ok) => {
          // SPEC §8: the failure toast is for signed-in users; an anonymous lease is settled by the server.
          if (!ok && signedIn) toast.error(t(VOICE_ERROR_KEYS.usageUpdate));
        });
      }
      if (how === 'stop') dispatch({ type: 'stop' });
      else if (how === 'limit_reached') dispatch({ type: 'limit_reached' });
      else if (how === 'failed') dispatch({ type: 'failed' });
    },
    [t],
  );

  const begin = useCallback(async () => {
    if (stateRef.current.status === 'limit_reached') return;
    endRun('left');
    dispatch({ type: 'start' });
    const run: Run = { cancelled: false, pending: [], timers: [] };
    runRef.current = run;

    let capture: AudioCapture;
    try {
      capture = await startAudioCapture((chunk) => {
        if (run.socket) run.socket.sendAudio(chunk);
        else run.pending.push(chunk);
      });
    } catch (error) {
      if (run.cancelled) return;
      runRef.current = null;
      const failure = error instanceof AudioCaptureError ? error.failure : 'failed';
      if (failure === 'unsupported') toast.error(t(VOICE_ERROR_KEYS.microphoneAccess));
      if (failure === 'failed') toast.error(t(VOICE_ERROR_KEYS.transcriptionStart));
      dispatch({ type: 'microphone_started', result: failure === 'denied' ? 'permission_denied' : 'error' });
      return;
    }
    if (run.cancelled) return capture.stop();
    run.capture = capture;
    capture.setMuted(stateRef.current.muted);

    const key = await fetchSpeechKey();
    if (run.cancelled) return;
    if (key.kind === 'limit_reached') return endRun('limit_reached');
    if (key.kind === 'failed') {
      toast.error(t(VOICE_ERROR_KEYS.speechKey));
      return endRun('failed');
    }

    run.keyIssuedAt = performance.now();
    const socket = openDeepgramSocket({
      url: key.key.url,
      key: key.key.key,
      onTranscript: (result) => {
        if (run.cancelled) return;
        if (!result.isFinal) return dispatch({ type: 'interim_transcript', text: result.text });
        dispatch({ type: 'final_transcript', text: result.text });
        // Seam for the translation feature: until it lands, a phrase has no translation and the conversation
        // goes straight back to recording (SPEC §4: empty translation returns to recording).
        if (stateRef.current.translationEnabled && result.text.trim() !== '') {
          dispatch({ type: 'translation_finished', text: '' });
        }
      },
      onFailure: () => {
        if (run.cancelled) return;
        toast.error(t('voice_connection_lost'));
        endRun('failed');
      },
    });
    run.socket = socket;
    socket.setMuted(stateRef.current.muted);
    for (const chunk of run.pending.splice(0)) socket.sendAudio(chunk);

    dispatch({ type: 'microphone_started', result: 'listening' });
    run.timers.push(setTimeout(() => dispatch({ type: 'start_delay_elapsed' }), RECORDING_START_DELAY_MS));
    if (!isSubscriber(sessionRef.current)) {
      // SPEC §6/§9: a non-subscriber stops a little before the key expires, before the server has to refuse.
      const cutOffMs = Math.max(0, (key.key.time_to_live_in_seconds - SESSION_CUTOFF_MARGIN_SECONDS) * 1000);
      run.timers.push(setTimeout(() => endRun('limit_reached'), cutOffMs));
    }
  }, [endRun, t]);

  const pressMain = useCallback(() => {
    const effect = mainPressEffect(stateRef.current);
    dispatch({ type: 'main_pressed' });
    if (effect === 'open_help') return;
    if (effect === 'stop') return endRun('stop');
    // Audio unlock for spoken translations belongs to the speech playback feature; start clears old state.
    void begin();
  }, [begin, endRun]);

  useEffect(() => {
    runRef.current?.capture?.setMuted(state.muted);
    runRef.current?.socket?.setMuted(state.muted);
  }, [state.muted]);

  // SPEC §4: stop when the page is hidden, and when leaving the screen.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && isActive(stateRef.current)) endRun('stop');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      endRun('left');
    };
  }, [endRun]);

  return { state, pressMain, dispatch };
}
