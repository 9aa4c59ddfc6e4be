import { isEchoOfLastSpoken, type ConversationEvent, type ConversationState } from './conversation';
import { attributeSide, type IdentifyLanguage, type LanguagePair } from './conversation-sides';

export { loadLanguageIdentifier } from './conversation-sides';

/** One transcript result, as the speech socket reports it (lib/deepgram-socket.ts TranscriptResult). */
export interface HeardResult {
  readonly text: string;
  readonly isFinal: boolean;
  /** An interim at a pause likely to be the end of the turn (lib/deepgram-socket.ts). */
  readonly eagerEndOfTurn?: boolean;
  readonly language?: string;
}

/** What to do about a result: the reducer event, and the phrase to translate and read out, if any. */
export interface PhraseRoute {
  readonly event: ConversationEvent;
  /** `outputLanguage` is set in two-way mode (the other side's language); else the settings' language applies. */
  readonly say?: { readonly text: string; readonly outputLanguage?: string };
  /**
   * Translate this unseen now, for the final to take over if it says the same (SpeakBack.prepare).
   * Without `say` or `prepare`, a translation prepared earlier is dropped: the speaker went on.
   */
  readonly prepare?: { readonly text: string };
}

/**
 * Where a transcript result goes (docs/SPEC.md §4), as a pure function of the state it arrives in:
 * an interim replaces the phrase being heard; a final joins the transcript and, with translation on, is
 * translated into the settings' language (one-way) or into the other side's language (two-way, the side
 * attributed by `attributeSide`). A two-way final that is the loudspeaker heard back is shown to the reducer
 * (which drops it) and never translated.
 */
export function routeTranscript(
  state: ConversationState,
  result: HeardResult,
  twoWay: { readonly pair: LanguagePair | undefined; readonly identify: IdentifyLanguage | undefined },
): PhraseRoute {
  if (!result.isFinal) {
    const event = { type: 'interim_transcript', text: result.text } as const;
    // Two-way mode waits for the final: the side, and so the language, is only known from it.
    const prepares =
      result.eagerEndOfTurn === true &&
      state.translationEnabled &&
      state.mode === 'one_way' &&
      result.text.trim() !== '';
    return prepares ? { event, prepare: { text: result.text } } : { event };
  }
  const text = result.text;
  const translates = state.translationEnabled && text.trim() !== '';
  const pair = state.mode === 'two_way' ? twoWay.pair : undefined;
  if (!pair) {
    return {
      event: { type: 'final_transcript', text },
      ...(translates ? { say: { text } } : {}),
    };
  }
  if (isEchoOfLastSpoken(state, text)) return { event: { type: 'final_transcript', text } };
  const side = attributeSide({
    text,
    detected: result.language,
    pair,
    lastSide: state.activeSide,
    identify: twoWay.identify,
  });
  return {
    event: { type: 'final_transcript', text, side },
    // Each side hears the other's words in its own language.
    ...(translates
      ? { say: { text, outputLanguage: side === 'traveller' ? pair.other : pair.traveller } }
      : {}),
  };
}
