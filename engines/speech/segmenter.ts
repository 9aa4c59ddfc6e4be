/**
 * Where phrases begin and end in a live stream, as a pure state machine: the session feeds it one event per VAD
 * frame (already judged speech, silence or neither), per decoded transcript and per client control, and carries
 * out the actions it answers with (decode this span, send that message). No audio, model, clock or socket
 * here: all timing is audio time, counted in samples, so it behaves the same whether audio arrives in real
 * time or faster. The rules follow Deepgram's live options (`endpointing`, `utterance_end_ms`,
 * `interim_results`, `vad_events`).
 */
import { SAMPLE_RATE, VAD_FRAME_SAMPLES } from './pcm-frames';
import type { Transcript } from './speech-engine';

/** Segmenting settings; the defaults are tuned on flite/festival speech with Silero v5 (see bench/speech.ts). */
export interface SegmenterSettings {
  /** A frame at or above this probability is speech (Silero's usual 0.5). */
  speechThreshold: number;
  /** A frame below this is silence; frames in between change nothing (hysteresis). */
  silenceThreshold: number;
  /** Speech frames a segment needs before it counts; fewer is a click or a breath and is dropped. */
  minSpeechFrames: number;
  /** Audio kept before the first speech frame: Silero reacts a little late to soft onsets. */
  preRollFrames: number;
  /**
   * Silence after which the open segment is decoded ahead, so its final is ready when the pause is confirmed.
   * It is also the audio kept after the last speech frame: Silero lets go of soft word endings ("tower") a
   * little early and Moonshine needs them.
   */
  speculateAfterFrames: number;
  /** Re-decode an open segment for an interim result this often (audio time). */
  interimIntervalMs: number;
  /** Longest segment: Moonshine is trained on short utterances, so a monologue is cut into finals. */
  maxSegmentMs: number;
}

export const DEFAULT_SEGMENTER_SETTINGS: SegmenterSettings = {
  speechThreshold: 0.5,
  silenceThreshold: 0.35,
  minSpeechFrames: 4,
  preRollFrames: 5,
  speculateAfterFrames: 2,
  interimIntervalMs: 500,
  maxSegmentMs: 15_000,
};

/** What the client asked for (the listen query), as far as segmenting goes. */
export interface SegmenterOptions {
  interimResults: boolean;
  /** Silence that closes a phrase with speech_final, or false for none. */
  endpointingMs: number | false;
  /** Gap after the last word that triggers UtteranceEnd, or null when not asked for. */
  utteranceEndMs: number | null;
  vadEvents: boolean;
}

/** With endpointing=false a segment still has to end somewhere; it does so on a long pause, without speech_final. */
export const UNENDPOINTED_PAUSE_MS = 1000;

export type FrameVoice = 'speech' | 'silence' | 'unsure';

/** The VAD's decision for one frame, with hysteresis between the two thresholds. */
export function frameVoice(probability: number, settings: SegmenterSettings): FrameVoice {
  if (probability >= settings.speechThreshold) return 'speech';
  if (probability < settings.silenceThreshold) return 'silence';
  return 'unsure';
}

/** A stretch of the stream in samples, with what a Results message says about it. */
export interface SegmentSpan {
  /** Where the segment's audio begins, pre-roll included. */
  start: number;
  /** Where the decoded audio ends. */
  end: number;
  /** Start of the first speech frame. */
  firstSpeech: number;
  /** Just after the last speech frame. */
  lastSpeechEnd: number;
}

export interface Segment {
  readonly id: number;
  readonly start: number;
  readonly speechFrames: number;
  readonly firstSpeech: number;
  readonly lastSpeechEnd: number;
  /** Consecutive silence frames since the last speech frame. */
  readonly silenceFrames: number;
  /** Stream position of the last interim decode asked for. */
  readonly lastInterimAt: number;
  /** Stream position of the last interim result sent: an older decode that finishes later is not sent. */
  readonly lastInterimEmittedAt: number;
  readonly interimsSent: number;
  /** The decode ahead of a pause, while nothing has made it stale; a final for the same pause reuses it. */
  readonly speculation: { readonly id: number; readonly end: number } | undefined;
  /** Set when the segment closes: the final's span and flags, awaiting its transcript. */
  readonly final: FinalRequest | undefined;
}

interface FinalRequest {
  readonly end: number;
  readonly speechFinal: boolean;
  readonly fromFinalize: boolean;
}

export interface SegmenterState {
  readonly settings: SegmenterSettings;
  readonly options: SegmenterOptions;
  /** Samples that have been through the VAD: the session's clock. */
  readonly processed: number;
  /** Pre-roll never reaches back before this: audio of a closed phrase does not open the next one. */
  readonly preRollFloor: number;
  readonly open: Segment | undefined;
  /** Closed segments whose final has not gone out yet. */
  readonly closing: ReadonlyMap<number, Segment>;
  /** Last word end (samples) of the latest final with words, until its UtteranceEnd goes out. */
  readonly pendingUtteranceEnd: number | null;
  readonly nextId: number;
}

export type SegmenterEvent =
  | { type: 'frame'; voice: FrameVoice }
  /** The client sent Finalize. */
  | { type: 'finalize' }
  /** The client sent CloseStream: the open phrase ends without speech_final. */
  | { type: 'close-stream' }
  /** An interim decode finished: null when it was dropped before it ran. */
  | { type: 'interim-decoded'; segmentId: number; end: number; transcript: Transcript | null }
  /** A speculative decode finished: null when it was dropped (stale) or failed. */
  | { type: 'speculation-decoded'; segmentId: number; speculationId: number; transcript: Transcript | null }
  /** A final decode finished, in the order the finals were asked for; null when it failed. */
  | { type: 'final-decoded'; segmentId: number; transcript: Transcript | null };

export type SegmenterAction =
  | { type: 'decode-interim'; segmentId: number; start: number; end: number }
  | { type: 'decode-speculative'; segmentId: number; speculationId: number; start: number; end: number }
  /** Reuse the speculative decode `speculationId` when there is one; decode [start, end) when it gives nothing. */
  | { type: 'decode-final'; segmentId: number; start: number; end: number; speculationId: number | undefined }
  | { type: 'send-speech-started'; firstSpeech: number }
  | {
      type: 'send-results';
      span: SegmentSpan;
      transcript: Transcript;
      isFinal: boolean;
      speechFinal: boolean;
      fromFinalize: boolean;
    }
  | { type: 'send-utterance-end'; lastWordEnd: number };

export interface SegmenterStep {
  readonly state: SegmenterState;
  readonly actions: readonly SegmenterAction[];
}

export function initialSegmenterState(
  options: SegmenterOptions,
  settings: SegmenterSettings = DEFAULT_SEGMENTER_SETTINGS,
): SegmenterState {
  return {
    settings,
    options,
    processed: 0,
    preRollFloor: 0,
    open: undefined,
    closing: new Map(),
    pendingUtteranceEnd: null,
    nextId: 1,
  };
}

export function segmenterReducer(state: SegmenterState, event: SegmenterEvent): SegmenterStep {
  switch (event.type) {
    case 'frame':
      return onFrame(state, event.voice);
    case 'finalize':
      return closeOpenSegment(state, { speechFinal: false, fromFinalize: true });
    case 'close-stream':
      return closeOpenSegment(state, { speechFinal: false, fromFinalize: false });
    case 'interim-decoded':
      return onInterimDecoded(state, event.segmentId, event.end, event.transcript);
    case 'speculation-decoded':
      return onSpeculationDecoded(state, event.segmentId, event.speculationId, event.transcript);
    case 'final-decoded':
      return onFinalDecoded(state, event.segmentId, event.transcript);
  }
}

export type WantedDecode =
  { type: 'interim'; segmentId: number } | { type: 'speculative'; segmentId: number; speculationId: number };

/** Whether a decode still has a use: checked just before it runs, so a wasted decode is skipped. */
export function isDecodeWanted(state: SegmenterState, request: WantedDecode): boolean {
  if (request.type === 'interim') return state.open?.id === request.segmentId;
  // A speculation is stale once speech resumes or a newer one replaces it; a closed segment still wants it.
  const segment = state.open?.id === request.segmentId ? state.open : state.closing.get(request.segmentId);
  return segment?.speculation?.id === request.speculationId;
}

/** The earliest sample a later action can ask to decode: the open segment's start, or the pre-roll's. */
export function oldestSampleNeeded(state: SegmenterState): number {
  return state.open?.start ?? preRollStart(state);
}

const FRAME_SECONDS = VAD_FRAME_SAMPLES / SAMPLE_RATE;

/**
 * The silent frames that make a pause of `ms`: the VAD judges 32 ms frames, so a pause is a whole number of them,
 * the nearest (endpointing=300 is 9 frames, 288 ms; rounding up made it 320 ms, 20 ms late on every final).
 */
export function pauseFrames(ms: number): number {
  return Math.max(1, Math.round(ms / (FRAME_SECONDS * 1000)));
}

function preRollStart(state: SegmenterState): number {
  return Math.max(
    state.preRollFloor,
    state.processed - (state.settings.preRollFrames + 1) * VAD_FRAME_SAMPLES,
  );
}

function isConfirmed(state: SegmenterState, segment: Segment): boolean {
  return segment.speechFrames >= state.settings.minSpeechFrames;
}

function onFrame(previous: SegmenterState, voice: FrameVoice): SegmenterStep {
  const frameStart = previous.processed;
  let state: SegmenterState = { ...previous, processed: frameStart + VAD_FRAME_SAMPLES };
  const actions: SegmenterAction[] = [];
  const { settings, options } = state;

  let segment = state.open;
  if (!segment && voice === 'speech') {
    segment = {
      id: state.nextId,
      start: preRollStart(state),
      speechFrames: 0,
      firstSpeech: frameStart,
      lastSpeechEnd: state.processed,
      silenceFrames: 0,
      lastInterimAt: state.processed,
      lastInterimEmittedAt: 0,
      interimsSent: 0,
      speculation: undefined,
      final: undefined,
    };
    state = { ...state, nextId: state.nextId + 1 };
  }
  if (!segment) return maybeUtteranceEnd(state, actions);

  if (voice === 'speech') {
    segment = {
      ...segment,
      speechFrames: segment.speechFrames + 1,
      lastSpeechEnd: state.processed,
      silenceFrames: 0,
      speculation: undefined,
    };
    if (segment.speechFrames === settings.minSpeechFrames) {
      state = { ...state, pendingUtteranceEnd: null };
      if (options.vadEvents) actions.push({ type: 'send-speech-started', firstSpeech: segment.firstSpeech });
    }
  } else if (voice === 'silence') {
    segment = { ...segment, silenceFrames: segment.silenceFrames + 1 };
  }
  state = { ...state, open: segment };

  const confirmed = isConfirmed(state, segment);
  if (segment.silenceFrames >= pauseFrames(options.endpointingMs || UNENDPOINTED_PAUSE_MS)) {
    const closed = confirmed
      ? closeOpenSegment(state, { speechFinal: options.endpointingMs !== false, fromFinalize: false })
      : { state: dropOpenSegment(state), actions: [] };
    return maybeUtteranceEnd(closed.state, [...actions, ...closed.actions]);
  }
  if (!confirmed) return maybeUtteranceEnd(state, actions);

  if (segment.silenceFrames === settings.speculateAfterFrames) {
    const speculation = { id: state.nextId, end: state.processed };
    segment = { ...segment, speculation };
    state = { ...state, open: segment, nextId: state.nextId + 1 };
    actions.push({
      type: 'decode-speculative',
      segmentId: segment.id,
      speculationId: speculation.id,
      start: segment.start,
      end: speculation.end,
    });
  }
  if ((state.processed - segment.start) / SAMPLE_RATE >= settings.maxSegmentMs / 1000) {
    const closed = closeOpenSegment(state, { speechFinal: false, fromFinalize: false });
    return maybeUtteranceEnd(closed.state, [...actions, ...closed.actions]);
  }
  if (
    options.interimResults &&
    segment.silenceFrames === 0 &&
    (state.processed - segment.lastInterimAt) / SAMPLE_RATE >= settings.interimIntervalMs / 1000
  ) {
    state = { ...state, open: { ...segment, lastInterimAt: state.processed } };
    actions.push({
      type: 'decode-interim',
      segmentId: segment.id,
      start: segment.start,
      end: state.processed,
    });
  }
  return maybeUtteranceEnd(state, actions);
}

/** A segment that never reached minSpeechFrames: a click or a breath. Its audio stays available as pre-roll. */
function dropOpenSegment(state: SegmenterState): SegmenterState {
  return { ...state, open: undefined };
}

/**
 * Closes the open segment and asks for its final. A pause-closed segment reuses the speculative decode when no
 * speech came after it, which is what keeps end-of-speech to final close to the endpointing delay.
 */
function closeOpenSegment(
  state: SegmenterState,
  flags: { speechFinal: boolean; fromFinalize: boolean },
): SegmenterStep {
  const segment = state.open;
  if (!segment) return { state, actions: [] };
  const closedState: SegmenterState = { ...state, open: undefined, preRollFloor: state.processed };
  if (!isConfirmed(state, segment)) return { state: closedState, actions: [] };
  const tail = flags.speechFinal ? state.settings.speculateAfterFrames * VAD_FRAME_SAMPLES : Infinity;
  const end = segment.speculation?.end ?? Math.min(state.processed, segment.lastSpeechEnd + tail);
  const closing = new Map(state.closing).set(segment.id, { ...segment, final: { end, ...flags } });
  return {
    state: { ...closedState, closing },
    actions: [
      {
        type: 'decode-final',
        segmentId: segment.id,
        start: segment.start,
        end,
        speculationId: segment.speculation?.id,
      },
    ],
  };
}

function onInterimDecoded(
  state: SegmenterState,
  segmentId: number,
  end: number,
  transcript: Transcript | null,
): SegmenterStep {
  // Interims of a closed segment are late: its final may already be out.
  const segment = state.open?.id === segmentId ? state.open : state.closing.get(segmentId);
  if (!segment || !transcript?.text || end <= segment.lastInterimEmittedAt) return { state, actions: [] };
  return sendInterim(state, segment, end, transcript);
}

/**
 * The eager end of turn: a speculation ready while its phrase is still open goes out as an interim
 * whose window ends where the speculation did, speculateAfterFrames of silence past the last speech, which the
 * client reads as EAGER_END_OF_TURN_SILENCE_SECONDS. Unless speech resumes, the final reuses this very decode,
 * so it says the same words. A phrase already closed gets its final instead, at the same moment.
 */
function onSpeculationDecoded(
  state: SegmenterState,
  segmentId: number,
  speculationId: number,
  transcript: Transcript | null,
): SegmenterStep {
  const segment = state.open;
  if (!state.options.interimResults || !transcript?.text) return { state, actions: [] };
  if (segment?.id !== segmentId || segment.speculation?.id !== speculationId) return { state, actions: [] };
  const end = segment.speculation.end;
  if (end <= segment.lastInterimEmittedAt) return { state, actions: [] };
  return sendInterim(state, segment, end, transcript);
}

/** An interim of `segment` up to `end`, remembered so that an older decode finishing later is not sent. */
function sendInterim(
  state: SegmenterState,
  segment: Segment,
  end: number,
  transcript: Transcript,
): SegmenterStep {
  const updated: Segment = { ...segment, lastInterimEmittedAt: end, interimsSent: segment.interimsSent + 1 };
  const next: SegmenterState =
    state.open?.id === segment.id
      ? { ...state, open: updated }
      : { ...state, closing: new Map(state.closing).set(segment.id, updated) };
  return {
    state: next,
    actions: [
      {
        type: 'send-results',
        span: spanOf(segment, end),
        transcript,
        isFinal: false,
        speechFinal: false,
        fromFinalize: false,
      },
    ],
  };
}

function onFinalDecoded(
  state: SegmenterState,
  segmentId: number,
  transcript: Transcript | null,
): SegmenterStep {
  const segment = state.closing.get(segmentId);
  // A failed final leaves the segment as it was: there is nothing to send for it.
  if (!segment?.final || !transcript) return { state, actions: [] };
  const closing = new Map(state.closing);
  closing.delete(segmentId);
  let next: SegmenterState = { ...state, closing };
  // An empty final is news only when interims showed words that it now takes back.
  if (!transcript.text && segment.interimsSent === 0) return { state: next, actions: [] };
  const actions: SegmenterAction[] = [
    {
      type: 'send-results',
      span: spanOf(segment, segment.final.end),
      transcript,
      isFinal: true,
      speechFinal: segment.final.speechFinal,
      fromFinalize: segment.final.fromFinalize,
    },
  ];
  if (transcript.text && state.options.utteranceEndMs !== null) {
    next = { ...next, pendingUtteranceEnd: segment.lastSpeechEnd };
  }
  return maybeUtteranceEnd(next, actions);
}

/** UtteranceEnd follows the last final with words once utterance_end_ms of audio passed with no phrase open. */
function maybeUtteranceEnd(state: SegmenterState, actions: SegmenterAction[]): SegmenterStep {
  const lastWordEnd = state.pendingUtteranceEnd;
  const gapMs = state.options.utteranceEndMs;
  if (lastWordEnd === null || gapMs === null) return { state, actions };
  if (state.open && isConfirmed(state, state.open)) return { state, actions };
  if (state.processed / SAMPLE_RATE - lastWordEnd / SAMPLE_RATE < gapMs / 1000) return { state, actions };
  return {
    state: { ...state, pendingUtteranceEnd: null },
    actions: [...actions, { type: 'send-utterance-end', lastWordEnd }],
  };
}

function spanOf(segment: Segment, end: number): SegmentSpan {
  return {
    start: segment.start,
    end,
    firstSpeech: segment.firstSpeech,
    lastSpeechEnd: segment.lastSpeechEnd,
  };
}
