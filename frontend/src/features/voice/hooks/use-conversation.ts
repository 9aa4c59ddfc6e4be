import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SPEECH_ENDPOINTING_MS } from '@wayfarer/shared/constants';
import { isDailyLimitKey } from '@wayfarer/shared/domain/error-keys';
import { unlockAudio } from '../../../lib/audio-context';
import { isSubscriber, useSession } from '../../../lib/session-context';
import {
  DEFAULT_STABLE_CLAUSE_SETTINGS,
  initialStableClauseState,
  stableClauseReducer,
  textAfterWords,
  type StableClauseState,
} from '../../../lib/stable-clauses';
import { translateMessage } from '../../../lib/translate-message';
import {
  conversationReducer,
  initialConversationState,
  isActive,
  isCaptureMuted,
  mainPressEffect,
  type ConversationEvent,
  type ConversationState,
} from '../conversation';
import type { IdentifyLanguage, LanguagePair } from '../conversation-sides';
import type { SpeakBack, SpeakBackSettings, SpokenLagReport } from '../speak-back';
import type { VoiceSession } from '../voice-session';

// Microphone capture, the speech socket, the ticket call and the speak-back pipeline are fetched on the first
// press, not with `/` (docs/DESIGN.md §8 budget); the press waits for the microphone anyway.
export const loadVoiceSession = () => import('../voice-session');
export const loadSpeakBack = () => import('../speak-back');
// Where each phrase goes (phrase-routing.ts, with two-way mode's side attribution) comes with them; eld's tables
// only on a two-way start (conversation-sides.ts).
const loadPhraseRouting = () => import('../phrase-routing');

/**
 * docs/SPEC.md §4 Finish: how long Stop waits, at most, for the socket's last final and its translation before
 * the session ends anyway (the voice session's socket close wait is 5 s).
 */
export const FINISH_TIMEOUT_MS = 6_000;

/**
 * Set to `off` in local storage, one-way speech is read out as two-way's is, every clause in full at the voice's
 * own pace: `npm run bench monologue` measures the bounded lag against it. The app never sets it.
 */
export const SPOKEN_LAG_SWITCH_KEY = 'wayfarer-spoken-lag';

function spokenLagSwitchedOff(): boolean {
  try {
    return localStorage.getItem(SPOKEN_LAG_SWITCH_KEY) === 'off';
  } catch {
    return false;
  }
}

export interface Conversation {
  readonly state: ConversationState;
  readonly pressMain: () => void;
  readonly dispatch: (event: ConversationEvent) => void;
  /** Spoken clips that have played to their end this visit (for tests: docs/TESTIDS.md audio-playback). */
  readonly clipsPlayed: number;
  /** How far the voice trails the speaker in this session (docs/SPEC.md §4 Spoken lag); null before it speaks. */
  readonly spokenLag: SpokenLagReport | null;
}

export interface ConversationOptions {
  readonly translationEnabled: boolean;
  /** The mode the screen opens in; later changes go through `mode_changed`. */
  readonly twoWay?: boolean;
  /** Read when a phrase is handed to the speak-back pipeline, so a language picked mid-conversation applies. */
  readonly speakBackSettings: () => SpeakBackSettings;
  /** Two-way mode: the traveller's language and the other person's, read as each phrase arrives. */
  readonly languagePair?: () => LanguagePair;
}

interface Run {
  voice?: VoiceSession;
  speakBack?: SpeakBack;
  identify?: IdentifyLanguage;
  /** One-way: the run-on sentence being heard, cut at its stable clauses (docs/SPEC.md §4 Long sentences). */
  clauses: StableClauseState;
  cancelled: boolean;
}

/**
 * Drives the conversation reducer (docs/SPEC.md §4) from a voice session (microphone, speech ticket, speech socket) and,
 * with translation on, the speak-back pipeline (translate, speech, playback).
 */
export function useConversation(options: ConversationOptions): Conversation {
  const { t } = useTranslation();
  const session = useSession();
  const [state, dispatch] = useReducer(conversationReducer, {
    ...initialConversationState,
    translationEnabled: options.translationEnabled,
    mode: options.twoWay ? 'two_way' : 'one_way',
  });
  const [clipsPlayed, setClipsPlayed] = useState(0);
  const [spokenLag, setSpokenLag] = useState<SpokenLagReport | null>(null);
  const stateRef = useRef(state);
  const sessionRef = useRef(session);
  const optionsRef = useRef(options);
  const current = useRef<Run | null>(null);

  useEffect(() => {
    stateRef.current = state;
    sessionRef.current = session;
    optionsRef.current = options;
  });

  /** Ends the current session; `then` is what the conversation does about it (nothing when leaving). */
  const release = useCallback((then?: ConversationEvent) => {
    const run = current.current;
    current.current = null;
    if (run) {
      run.cancelled = true;
      run.voice?.stop();
      run.speakBack?.stop();
    }
    if (then) dispatch(then);
  }, []);

  const begin = useCallback(async () => {
    if (stateRef.current.status === 'limit_reached') return;
    release();
    dispatch({ type: 'start' });
    setSpokenLag(null);
    const run: Run = { cancelled: false, clauses: initialStableClauseState() };
    current.current = run;
    const [{ startVoiceSession }, { createSpeakBack }, { routeTranscript, loadLanguageIdentifier }] =
      await Promise.all([loadVoiceSession(), loadSpeakBack(), loadPhraseRouting()]);
    if (run.cancelled) return;
    if (stateRef.current.mode === 'two_way') {
      void loadLanguageIdentifier()
        .then((identify) => {
          run.identify = identify;
        })
        // Without eld, a phrase the recogniser gave no language goes to the side that spoke last.
        .catch(() => undefined);
    }
    const live = (handler: () => void) => {
      if (!run.cancelled) handler();
    };
    // A day's ceiling refuses every phrase after it: one notice that stays one, not another per phrase.
    const show = (message: string) =>
      isDailyLimitKey(message)
        ? toast.error(translateMessage(t, message), { id: message })
        : toast.error(translateMessage(t, message));
    const boundedLag = stateRef.current.mode === 'one_way' && !spokenLagSwitchedOff();
    const speakBack = createSpeakBack(
      {
        translationStarted: (phrase) => live(() => dispatch({ type: 'translation_started', phrase })),
        chunk: (text) => live(() => dispatch({ type: 'translation_chunk', text })),
        translationFinished: (text, phrase) =>
          live(() => dispatch({ type: 'translation_finished', text, phrase })),
        phraseShownOnly: (phrase) => live(() => dispatch({ type: 'phrase_shown_only', phrase })),
        spokenLag: (report) => live(() => setSpokenLag(report)),
        translationFailed: (message) =>
          live(() => {
            show(message);
            dispatch({ type: 'translation_failed' });
          }),
        generating: (generating) => live(() => dispatch({ type: 'audio_generating', generating })),
        clipEnded: () => live(() => setClipsPlayed((count) => count + 1)),
        allSpoken: () => live(() => dispatch({ type: 'audio_ended' })),
        speechFailed: (message) => live(() => show(message)),
      },
      // Two-way mode closes the microphone while a translation plays: no lag builds up, and each side hears all.
      { spokenLag: boundedLag ? 'bounded' : 'pass-through' },
    );
    run.speakBack = speakBack;
    run.voice = startVoiceSession(
      {
        subscriber: isSubscriber(sessionRef.current),
        muted: isCaptureMuted(stateRef.current),
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
            const now = stateRef.current;
            // The spoken lag counts from the phrase's last word; without words, an endpointing's silence before now.
            const heardAt = result.heardEndAt ?? performance.now() - SPEECH_ENDPOINTING_MS;
            const route = routeTranscript(now, result, {
              pair: now.mode === 'two_way' ? optionsRef.current.languagePair?.() : undefined,
              identify: run.identify,
            });
            const settings = optionsRef.current.speakBackSettings();
            let say = route.say?.text;
            let prepare = route.prepare?.text;
            if (now.mode === 'one_way' && now.translationEnabled) {
              const at = performance.now();
              const before = run.clauses.committed.length;
              const step = stableClauseReducer(
                run.clauses,
                result.isFinal
                  ? { type: 'final', text: result.text, at }
                  : { type: 'interim', text: result.text, language: result.language, at },
              );
              run.clauses = step.state;
              if (!result.isFinal && step.translate !== '') {
                dispatch(route.event);
                // The clause's last word was heard at least the stable time ago.
                speakBack.dropPrepared();
                return speakBack.say(step.translate, settings, at - DEFAULT_STABLE_CLAUSE_SETTINGS.stableMs);
              }
              if (say !== undefined) say = step.translate;
              // What the final will hand over: the words past those already translated.
              if (prepare !== undefined && before > 0) prepare = textAfterWords(prepare, before);
            }
            // A final whose every word was translated early has nothing left to translate.
            dispatch(
              route.event.type === 'final_transcript' && route.say !== undefined && !say
                ? { ...route.event, translated: true }
                : route.event,
            );
            if (prepare) return speakBack.prepare(prepare, settings);
            if (!say) return speakBack.dropPrepared();
            speakBack.say(
              say,
              { ...settings, outputLanguage: route.say?.outputLanguage ?? settings.outputLanguage },
              heardAt,
            );
          }),
        ended: (reason) =>
          live(() => release({ type: reason === 'limit_reached' ? 'limit_reached' : 'failed' })),
        reconnecting: () => live(() => dispatch({ type: 'connection_lost' })),
        reconnected: () => live(() => dispatch({ type: 'connection_restored' })),
        // Toasts outlive the session: a failed usage report arrives after stop.
        toast: (key) => toast.error(t(key)),
      },
    );
  }, [release, t]);

  /**
   * The traveller's Stop (docs/SPEC.md §4 Finish): the microphone closes at once, but the session ends only once
   * the socket has sent its last final and that phrase is translated, or FINISH_TIMEOUT_MS has passed.
   */
  const finish = useCallback(async () => {
    const run = current.current;
    if (!run?.voice) return release({ type: 'stop' });
    dispatch({ type: 'finish' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FINISH_TIMEOUT_MS);
    });
    const settled = (async () => {
      await run.voice?.finish();
      await run.speakBack?.translated();
    })();
    await Promise.race([settled, timedOut]);
    clearTimeout(timer);
    // A new start (or leaving the screen) may have replaced or ended this run meanwhile.
    if (current.current === run) release({ type: 'stop' });
  }, [release]);

  const pressMain = useCallback(() => {
    const effect = mainPressEffect(stateRef.current);
    dispatch({ type: 'main_pressed' });
    if (effect === 'open_help') return;
    if (effect === 'stop') return void finish();
    // Inside the press itself, before anything asynchronous: iOS Safari plays only from a context unlocked so.
    unlockAudio();
    void begin();
  }, [begin, finish]);

  const captureMuted = isCaptureMuted(state);
  useEffect(() => {
    current.current?.voice?.setMuted(captureMuted);
  }, [captureMuted]);

  // docs/SPEC.md §4: stop when the page is hidden, and when leaving the screen. pagehide too: closing or leaving the
  // page must report the seconds used before the page is gone, and not every browser hides it first.
  useEffect(() => {
    // Leaving ends at once, a finish in progress too: there is no one left to wait for the last words.
    const live = () => isActive(stateRef.current) || stateRef.current.status === 'finishing';
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && live()) release({ type: 'stop' });
    };
    const onPageHide = () => {
      if (live()) release({ type: 'stop' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      release();
    };
  }, [release]);

  return { state, pressMain, dispatch, clipsPlayed, spokenLag };
}
