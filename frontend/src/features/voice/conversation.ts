/**
 * The conversation state machine of docs/SPEC.md §4 (Conversation status, Main button behaviour) as a pure reducer.
 * Side effects (microphone, speech socket, timers, calls) live in hooks/use-conversation.ts, which dispatches
 * these events and asks the selectors below what to show.
 */

export const CONVERSATION_STATUSES = [
  'idle',
  'initializing',
  'recording',
  'transcribing',
  'transcribed',
  'translating',
  'speaking',
  /** Stop was pressed: the microphone is closed and the socket's last final (and its translation) awaited. */
  'finishing',
  'stopped',
  'limit_reached',
  'permission_denied',
  'error',
] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** One-way translates the traveller's words; two-way translates each side into the other's language. */
export type ConversationMode = 'one_way' | 'two_way';
/** Who said a phrase in two-way mode: the traveller, or the person they are talking to. */
export type Side = 'traveller' | 'other';

/** One final phrase of a two-way conversation and, once it has arrived, its translation for the other side. */
export interface Phrase {
  readonly side: Side;
  readonly text: string;
  /** Undefined while the translation is still to come (or translation is off). */
  readonly translation?: string;
}

/** A finished translation, numbered as its phrase was handed to the speak-back pipeline. */
export interface TranslatedPhrase {
  readonly phrase: number;
  readonly text: string;
}

/** What starting the microphone answered (docs/SPEC.md §4 Start). */
export type MicrophoneStartResult = 'listening' | 'permission_denied' | 'error';

export interface ConversationState {
  readonly status: ConversationStatus;
  /** Finalised phrases, joined by spaces. */
  readonly transcript: string;
  /** The phrase being heard, replaced by each interim result until its final result arrives. */
  readonly interim: string;
  /** Finished translations of earlier phrases, joined by spaces. */
  readonly translation: string;
  /** The translation of the phrase in flight, growing chunk by chunk as the stream arrives. */
  readonly translationDraft: string;
  /** The finished translations one by one (`translation` joins them), for marking those not spoken. */
  readonly translatedPhrases: readonly TranslatedPhrase[];
  /** The number of the phrase whose translation is in flight. */
  readonly draftPhrase: number | null;
  /** Phrases whose translation is shown and (at least in part) not spoken (docs/SPEC.md §4 Spoken lag). */
  readonly shownOnly: readonly number[];
  readonly translationEnabled: boolean;
  /** docs/SPEC.md §3 isGeneratingAudio: speech for a translation is being made (its own badge, docs/SPEC.md §4). */
  readonly generatingAudio: boolean;
  readonly translationInFlight: boolean;
  readonly muted: boolean;
  /** Consecutive main-button presses while permission is denied (the second opens the help dialog). */
  readonly deniedPresses: number;
  readonly micHelpOpen: boolean;
  readonly analysisPromptOpen: boolean;
  readonly analysisPanelVisible: boolean;
  readonly mode: ConversationMode;
  /** Two-way mode: each final phrase with its side, in order (the transcript above still holds them all). */
  readonly phrases: readonly Phrase[];
  /** Two-way mode: the side that spoke last, whose words are being translated or read out. */
  readonly activeSide: Side | null;
  /** Two-way mode: the translation last handed to the loudspeaker, which the microphone may hear back. */
  readonly lastSpoken: string;
  /**
   * The speech socket dropped and a new one is being opened (docs/SPEC.md §4, Connection lost). Beside the
   * status, not one of them: a phrase may still be translated or read out meanwhile.
   */
  readonly reconnecting: boolean;
}

export const initialConversationState: ConversationState = {
  status: 'idle',
  transcript: '',
  interim: '',
  translation: '',
  translationDraft: '',
  translatedPhrases: [],
  draftPhrase: null,
  shownOnly: [],
  translationEnabled: false,
  generatingAudio: false,
  translationInFlight: false,
  muted: false,
  deniedPresses: 0,
  micHelpOpen: false,
  analysisPromptOpen: false,
  analysisPanelVisible: false,
  mode: 'one_way',
  phrases: [],
  activeSide: null,
  lastSpoken: '',
  reconnecting: false,
};

export type ConversationEvent =
  | { type: 'main_pressed' }
  | { type: 'start' }
  | { type: 'microphone_started'; result: MicrophoneStartResult }
  | { type: 'start_delay_elapsed' }
  | { type: 'interim_transcript'; text: string }
  /** `side` is given in two-way mode (attributed by the hook: docs/SPEC.md §4). */
  | {
      type: 'final_transcript';
      text: string;
      side?: Side;
      /** Its words were all translated while it was heard (docs/SPEC.md §4 Long sentences): none to wait for. */
      translated?: boolean;
    }
  /** `phrase` numbers the phrase as the speak-back pipeline does. */
  | { type: 'translation_started'; phrase?: number }
  | { type: 'translation_chunk'; text: string }
  | { type: 'translation_finished'; text: string; phrase?: number }
  /** The phrase's translation stays on screen and is not (wholly) read out: it would be heard too late. */
  | { type: 'phrase_shown_only'; phrase: number }
  | { type: 'audio_generating'; generating: boolean }
  | { type: 'translation_failed' }
  | { type: 'audio_ended' }
  /** The traveller stopped: wait (briefly) for the last final before `stop`. */
  | { type: 'finish' }
  | { type: 'stop' }
  | { type: 'limit_reached' }
  | { type: 'failed' }
  /** The socket dropped; the session reconnects with a fresh key (docs/SPEC.md §4, Connection lost). */
  | { type: 'connection_lost' }
  | { type: 'connection_restored' }
  | { type: 'clear' }
  | { type: 'translation_toggled'; enabled: boolean }
  | { type: 'mute_toggled' }
  | { type: 'mic_help_closed' }
  | { type: 'analysis_prompt_closed' }
  | { type: 'analysis_opened' }
  | { type: 'mode_changed'; mode: ConversationMode };

const ACTIVE: ReadonlySet<ConversationStatus> = new Set([
  'recording',
  'transcribing',
  'transcribed',
  'translating',
  'speaking',
  'initializing',
]);
const BUSY: ReadonlySet<ConversationStatus> = new Set([
  'initializing',
  'translating',
  'speaking',
  'finishing',
]);
const IGNORES_TRANSCRIPTS: ReadonlySet<ConversationStatus> = new Set(['stopped', 'limit_reached', 'idle']);
// Every status in which the microphone is open: a traveller who muted must be able to unmute until it closes.
const MICROPHONE_OPEN: ReadonlySet<ConversationStatus> = new Set([
  'recording',
  'transcribing',
  'transcribed',
  'translating',
  'speaking',
]);

/** docs/SPEC.md §4: busy while initializing, translating, speaking, finishing or a translation is in flight. */
export function isBusy(state: ConversationState): boolean {
  return BUSY.has(state.status) || state.translationInFlight;
}

/** docs/SPEC.md §4: active in recording, transcribing, transcribed, translating, speaking or initializing. */
export function isActive(state: ConversationState): boolean {
  return ACTIVE.has(state.status);
}

export function hasTranscript(state: ConversationState): boolean {
  return fullTranscript(state).trim() !== '';
}

/** What the original-text card shows: the final phrases and the phrase still being heard. */
export function fullTranscript(state: ConversationState): string {
  return joinPhrases(state.transcript, state.interim);
}

export type MainButtonAction = 'start' | 'stop' | 'finish' | 'activate';

/** The main button's label and `data-action` (docs/SPEC.md §4 Main button behaviour: Label). */
export function mainButtonAction(state: ConversationState): MainButtonAction {
  if (state.status === 'permission_denied') return 'activate';
  if (isActive(state)) return hasTranscript(state) ? 'finish' : 'stop';
  return 'start';
}

/** docs/SPEC.md §4: disabled at limit_reached, or when not active and busy (never while permission is denied). */
export function isMainButtonDisabled(state: ConversationState): boolean {
  if (state.status === 'limit_reached') return true;
  if (state.status === 'permission_denied') return false;
  return !isActive(state) && isBusy(state);
}

/** What a main-button press does, decided before the press is recorded. */
export type MainPressEffect = 'retry' | 'open_help' | 'stop' | 'start';

export function mainPressEffect(state: ConversationState): MainPressEffect {
  if (state.status === 'permission_denied') return state.deniedPresses >= 1 ? 'open_help' : 'retry';
  return isActive(state) ? 'stop' : 'start';
}

/** docs/SPEC.md §4: clear is disabled while busy or when both texts are empty. */
export function isClearDisabled(state: ConversationState): boolean {
  return isBusy(state) || (!hasTranscript(state) && fullTranslation(state).trim() === '');
}

/** What the translation card shows: the finished translations and the one still streaming in. */
export function fullTranslation(state: ConversationState): string {
  return joinPhrases(state.translation, state.translationDraft);
}

/** docs/SPEC.md §2: after stopping with a non-empty transcript, unless the panel is already visible. */
export function isAnalysisButtonShown(state: ConversationState): boolean {
  return (
    (state.status === 'stopped' || state.status === 'limit_reached') &&
    hasTranscript(state) &&
    !state.analysisPanelVisible
  );
}

/**
 * docs/SPEC.md §2 shows the floating mute button while recording or transcribing; a muted microphone is still both, so
 * it stays for as long as the microphone is open (between phrases, and while a translation is read out), or a
 * traveller who muted could only unmute by stopping.
 */
export function isMuteButtonShown(state: ConversationState): boolean {
  return MICROPHONE_OPEN.has(state.status);
}

/**
 * Two-way mode's echo guard, on top of muting capture while a translation plays: a final phrase that is the
 * translation just read out (or a stretch of it) is the loudspeaker heard back, not a new phrase.
 */
export function isEchoOfLastSpoken(state: ConversationState, text: string): boolean {
  if (state.mode !== 'two_way') return false;
  const heard = comparable(text);
  const spoken = comparable(state.lastSpoken);
  return heard !== '' && spoken !== '' && spoken.includes(heard);
}

/** Two-way mode: the microphone is closed to the room while a translation is made into speech and played. */
export function isCaptureMuted(state: ConversationState): boolean {
  if (state.muted) return true;
  return state.mode === 'two_way' && (state.status === 'speaking' || state.generatingAudio);
}

/** What the given side's reader sees: their own words, and the translation of the other side's. */
export function phrasesFor(state: ConversationState, reader: Side): { own: string; translated: string } {
  const own = state.phrases.filter((phrase) => phrase.side === reader).map((phrase) => phrase.text);
  const translated = state.phrases
    .filter((phrase) => phrase.side !== reader && phrase.translation !== undefined)
    .map((phrase) => phrase.translation!);
  const pending = state.phrases.find((phrase) => phrase.translation === undefined);
  if (pending && pending.side !== reader && state.translationDraft !== '')
    translated.push(state.translationDraft);
  return { own: joinPhrases(...own), translated: joinPhrases(...translated) };
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The finished translation belongs to the oldest phrase still waiting: phrases are translated in order. */
function withTranslation(phrases: readonly Phrase[], translation: string): readonly Phrase[] {
  const index = phrases.findIndex((phrase) => phrase.translation === undefined);
  if (index === -1) return phrases;
  return phrases.map((phrase, at) => (at === index ? { ...phrase, translation } : phrase));
}

function joinPhrases(...phrases: string[]): string {
  return phrases
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '')
    .join(' ');
}

/** A finished translation added to the list, unless it is empty. */
function withTranslatedPhrase(
  state: ConversationState,
  text: string,
  phrase: number | undefined,
): readonly TranslatedPhrase[] {
  if (text.trim() === '') return state.translatedPhrases;
  return [...state.translatedPhrases, { phrase: phrase ?? state.draftPhrase ?? 0, text: text.trim() }];
}

/** What the translation card shows, phrase by phrase, with those shown and not spoken marked. */
export function translationPhrases(state: ConversationState): { text: string; shownOnly: boolean }[] {
  const phrases = withTranslatedPhrase(state, state.translationDraft, undefined);
  return phrases.map(({ phrase, text }) => ({ text, shownOnly: state.shownOnly.includes(phrase) }));
}

/** The draft of an interrupted translation kept as text: it is no longer growing. */
function settledTranslation(state: ConversationState): ConversationState {
  return {
    ...state,
    translation: fullTranslation(state),
    translationDraft: '',
    translatedPhrases: withTranslatedPhrase(state, state.translationDraft, undefined),
    draftPhrase: null,
  };
}

/** The session is over (stopped, the limit, a failure): nothing is in flight, muted or reconnecting any more. */
function ended(state: ConversationState, status: ConversationStatus, transcript: string): ConversationState {
  return {
    ...settledTranslation(state),
    transcript,
    interim: '',
    muted: false,
    translationInFlight: false,
    generatingAudio: false,
    reconnecting: false,
    status,
  };
}

/**
 * A session is open while active and while finishing: finishing still takes the socket's last results and their
 * translation (docs/SPEC.md §4 Finish), so the session has not ended yet.
 */
export function isSessionOpen(state: ConversationState): boolean {
  return isActive(state) || state.status === 'finishing';
}

function cleared(state: ConversationState): ConversationState {
  return {
    ...state,
    transcript: '',
    interim: '',
    translation: '',
    translationDraft: '',
    translatedPhrases: [],
    draftPhrase: null,
    shownOnly: [],
    analysisPanelVisible: false,
    analysisPromptOpen: false,
    phrases: [],
    activeSide: null,
    lastSpoken: '',
  };
}

export function conversationReducer(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'main_pressed': {
      // A press while denied counts toward the help dialog; a press in any other state resets the count.
      if (state.status !== 'permission_denied') return { ...state, deniedPresses: 0 };
      return mainPressEffect(state) === 'open_help'
        ? { ...state, deniedPresses: 0, micHelpOpen: true }
        : { ...state, deniedPresses: state.deniedPresses + 1 };
    }
    case 'start':
      if (state.status === 'limit_reached') return state;
      return {
        ...cleared(state),
        status: 'initializing',
        muted: false,
        translationInFlight: false,
        generatingAudio: false,
        reconnecting: false,
      };
    case 'microphone_started':
      if (state.status !== 'initializing') return state;
      // "listening" becomes recording only after the start delay (start_delay_elapsed).
      return event.result === 'listening' ? state : { ...state, status: event.result };
    case 'start_delay_elapsed':
      // Covers "unless limit_reached": a limit (or a stop) that came first wins over the delayed start.
      return state.status === 'initializing' ? { ...state, status: 'recording' } : state;
    case 'interim_transcript':
      if (IGNORES_TRANSCRIPTS.has(state.status) || !isSessionOpen(state)) return state;
      return {
        ...state,
        interim: event.text,
        status:
          event.text.trim() !== '' && (state.status === 'recording' || state.status === 'transcribed')
            ? 'transcribing'
            : state.status,
      };
    case 'final_transcript': {
      if (IGNORES_TRANSCRIPTS.has(state.status) || !isSessionOpen(state)) return state;
      // Nothing to keep: the phrase being heard is gone, so a status that only said so goes back to listening.
      if (event.text.trim() === '' || isEchoOfLastSpoken(state, event.text)) {
        return {
          ...state,
          interim: '',
          status: state.status === 'transcribing' ? 'recording' : state.status,
        };
      }
      const side = state.mode === 'two_way' ? (event.side ?? state.activeSide ?? 'traveller') : undefined;
      return {
        ...state,
        transcript: joinPhrases(state.transcript, event.text),
        interim: '',
        status:
          state.status === 'finishing'
            ? 'finishing'
            : event.translated === true
              ? state.status === 'transcribing'
                ? 'recording'
                : state.status
              : state.translationEnabled
                ? 'translating'
                : 'transcribed',
        ...(side === undefined
          ? {}
          : {
              phrases: [
                ...state.phrases,
                state.translationEnabled
                  ? { side, text: event.text }
                  : { side, text: event.text, translation: '' },
              ],
              activeSide: side,
            }),
      };
    }
    case 'translation_started':
      return isSessionOpen(state)
        ? { ...state, translationInFlight: true, draftPhrase: event.phrase ?? null }
        : state;
    case 'translation_chunk':
      return isSessionOpen(state)
        ? { ...state, translationDraft: state.translationDraft + event.text }
        : state;
    case 'translation_finished':
      if (!isSessionOpen(state)) return { ...state, translationInFlight: false };
      return {
        ...state,
        translationInFlight: false,
        translation: joinPhrases(state.translation, event.text),
        translationDraft: '',
        translatedPhrases: withTranslatedPhrase(state, event.text, event.phrase),
        draftPhrase: null,
        status:
          state.status === 'finishing' ? 'finishing' : event.text.trim() !== '' ? 'speaking' : 'recording',
        ...(state.mode === 'two_way'
          ? { phrases: withTranslation(state.phrases, event.text), lastSpoken: event.text }
          : {}),
      };
    case 'translation_failed':
      // What already streamed in stays on screen: the traveller may have read it.
      return {
        ...settledTranslation(state),
        translationInFlight: false,
        status: isActive(state) ? 'recording' : state.status,
        // The failed phrase keeps what arrived, so the next translation lands on the next phrase.
        phrases: withTranslation(state.phrases, state.translationDraft),
      };
    case 'phrase_shown_only':
      return state.shownOnly.includes(event.phrase)
        ? state
        : { ...state, shownOnly: [...state.shownOnly, event.phrase] };
    case 'audio_generating':
      return { ...state, generatingAudio: event.generating && isActive(state) };
    case 'audio_ended':
      return state.status === 'speaking' ? { ...state, status: 'recording' } : state;
    case 'finish':
      // Only a live conversation finishes; anything else (limit reached, never started) has nothing to wait for.
      if (!isActive(state)) return state;
      return { ...state, status: 'finishing', muted: false, generatingAudio: false };
    case 'stop': {
      // What was still being heard is kept: results arriving after stop are ignored (finish waits for them).
      const transcript = joinPhrases(state.transcript, state.interim);
      return {
        ...ended(state, state.status === 'limit_reached' ? 'limit_reached' : 'stopped', transcript),
        analysisPromptOpen: transcript !== '' && !state.analysisPanelVisible,
      };
    }
    case 'limit_reached':
      return ended(state, 'limit_reached', joinPhrases(state.transcript, state.interim));
    case 'failed':
      return ended(state, 'error', state.transcript);
    case 'connection_lost':
      return isSessionOpen(state) ? { ...state, reconnecting: true } : state;
    case 'connection_restored':
      return { ...state, reconnecting: false };
    case 'clear':
      return cleared(state);
    case 'translation_toggled':
      return { ...state, translationEnabled: event.enabled };
    case 'mute_toggled':
      return { ...state, muted: !state.muted };
    case 'mic_help_closed':
      return { ...state, micHelpOpen: false };
    case 'analysis_prompt_closed':
      return { ...state, analysisPromptOpen: false };
    case 'analysis_opened':
      return { ...state, analysisPanelVisible: true, analysisPromptOpen: false };
    case 'mode_changed':
      // The mode is chosen before a conversation, not during one: a phrase's side would change meaning.
      return isActive(state) ? state : { ...cleared(state), mode: event.mode };
  }
}
