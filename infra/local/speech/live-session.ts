import { createHash, randomUUID } from 'node:crypto';
import {
  CLOSE,
  CLOSE_REASON,
  parseClientControl,
  type ModelInfo,
  type ResultWord,
  type ResultsMessage,
  type ServerMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { SUPPORTED_SAMPLE_RATE, type ListenOptions } from './listen-query';
import type { DecodePriority, SpeechEngine, Transcript, VoiceActivity } from './speech-engine';
import { VAD_FRAME_SAMPLES } from './vad';
import { wavHeaderLength } from './wav';

const RATE = SUPPORTED_SAMPLE_RATE;
const FRAME_SECONDS = VAD_FRAME_SAMPLES / RATE;
const MODEL_UUID = '6a1e0c1d-6d6f-4f6e-8d73-68696e652d74';
/** With endpointing=false a segment still has to end somewhere; it does so on a long pause, without speech_final. */
const UNENDPOINTED_PAUSE_MS = 1000;
const MODEL_INFO: ModelInfo = { name: 'moonshine-tiny', version: '2024-10-01.int8', arch: 'moonshine' };

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
  /** Digital silence appended to every decode: Moonshine ends sentences more reliably with a short pause. */
  paddingFrames: number;
  /** Re-decode an open segment for an interim result this often (audio time). */
  interimIntervalMs: number;
  /** Longest segment: Moonshine is trained on short utterances, so a monologue is cut into finals. */
  maxSegmentMs: number;
  /** With no audio and no message for this long the socket closes (Deepgram: NET-0001 after 10 s). */
  idleTimeoutMs: number;
}

export const DEFAULT_SEGMENTER_SETTINGS: SegmenterSettings = {
  speechThreshold: 0.5,
  silenceThreshold: 0.35,
  minSpeechFrames: 4,
  preRollFrames: 5,
  speculateAfterFrames: 3,
  paddingFrames: 3,
  interimIntervalMs: 500,
  maxSegmentMs: 15_000,
  idleTimeoutMs: 10_000,
};

export interface LiveSessionTransport {
  send(message: ServerMessage): void;
  /** Called once; the session ignores all input afterwards. */
  close(code: number, reason: string): void;
}

type Input = { kind: 'audio'; bytes: Uint8Array } | { kind: 'finalize' } | { kind: 'close-stream' };

interface Segment {
  /** Sample index (stream time) where the segment's audio begins, pre-roll included. */
  start: number;
  frames: Float32Array[];
  speechFrames: number;
  firstSpeech: number;
  /** Sample index just after the last speech frame. */
  lastSpeechEnd: number;
  silenceFrames: number;
  lastInterimAt: number;
  lastInterimEmittedAt: number;
  interimsSent: number;
  /** No more audio joins the segment; its final may still be decoding. */
  finalized: boolean;
  /** Its final went out: later interims for it would be out of order. */
  finalSent: boolean;
  speculation?: { end: number; transcript: Promise<Transcript | null> };
}

/**
 * One client's live transcription, independent of the transport: feed it the socket's binary frames and text
 * frames; it answers with Deepgram-shaped messages through `transport.send` and ends through `transport.close`.
 * All timing (endpointing, interim cadence, utterance end) runs on audio time, so it behaves the same whether
 * audio arrives in real time or faster.
 */
export class DeepgramLiveSession {
  private readonly settings: SegmenterSettings;
  private readonly requestId = randomUUID();
  private readonly created = new Date().toISOString();
  private readonly hash = createHash('sha256');
  private readonly inputs: Input[] = [];
  private pumping = false;
  private ended = false;
  private stream: { id: number; vad: VoiceActivity } | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  private leftover: Uint8Array | undefined;
  private sawFirstBytes = false;
  private frame = new Float32Array(VAD_FRAME_SAMPLES);
  private frameFill = 0;
  /** Samples that have been through the VAD: the session's clock. */
  private processed = 0;
  private receivedBytes = 0;
  private recent: Float32Array[] = [];
  private segment: Segment | undefined;
  /** Final results and what follows them go out in order through this chain. */
  private outbox: Promise<void> = Promise.resolve();
  private pendingUtteranceEnd: number | null = null;

  constructor(
    private readonly engine: SpeechEngine,
    private readonly options: ListenOptions,
    private readonly transport: LiveSessionTransport,
    settings: Partial<SegmenterSettings> = {},
  ) {
    this.settings = { ...DEFAULT_SEGMENTER_SETTINGS, ...settings };
    this.touch();
  }

  /** A binary frame: linear16 PCM, little-endian, mono, 16 kHz (a leading WAV header is skipped). */
  audio(bytes: Uint8Array): void {
    if (this.ended) return;
    this.touch();
    this.enqueue({ kind: 'audio', bytes });
  }

  /** A text frame: KeepAlive, Finalize or CloseStream. Anything else is ignored, as Deepgram does. */
  control(text: string): void {
    if (this.ended) return;
    this.touch();
    const message = parseClientControl(text);
    if (message?.type === 'Finalize') this.enqueue({ kind: 'finalize' });
    else if (message?.type === 'CloseStream') this.enqueue({ kind: 'close-stream' });
  }

  /** The transport went away: stop work and send nothing more. */
  abort(): void {
    this.ended = true;
    this.inputs.length = 0;
    clearTimeout(this.idleTimer);
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(
      () => this.fail(CLOSE.internalError, CLOSE_REASON.idle),
      this.settings.idleTimeoutMs,
    );
    this.idleTimer.unref?.();
  }

  private fail(code: number, reason: string): void {
    if (this.ended) return;
    this.abort();
    this.transport.close(code, reason);
  }

  private send(message: ServerMessage): void {
    if (!this.ended) this.transport.send(message);
  }

  private enqueue(input: Input): void {
    this.inputs.push(input);
    if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      if (!this.stream) {
        await this.engine.ready();
        this.stream = this.engine.openStream();
      }
      while (!this.ended) {
        const input = this.inputs.shift();
        if (!input) break;
        if (input.kind === 'audio') await this.consume(input.bytes);
        else if (input.kind === 'finalize') this.finalizeOpenSegment(false, true);
        else await this.closeStream();
      }
    } catch {
      this.fail(CLOSE.internalError, CLOSE_REASON.internal);
    } finally {
      this.pumping = false;
    }
  }

  private async consume(chunk: Uint8Array): Promise<void> {
    let bytes = chunk;
    if (!this.sawFirstBytes && bytes.length > 0) {
      this.sawFirstBytes = true;
      if (looksLikeCompressedAudio(bytes)) {
        this.fail(CLOSE.policyViolation, CLOSE_REASON.badAudio);
        return;
      }
      bytes = bytes.subarray(wavHeaderLength(bytes));
    }
    this.hash.update(bytes);
    if (this.leftover) {
      const joined = new Uint8Array(this.leftover.length + bytes.length);
      joined.set(this.leftover);
      joined.set(bytes, this.leftover.length);
      bytes = joined;
      this.leftover = undefined;
    }
    if (bytes.length % 2 === 1) {
      this.leftover = bytes.slice(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.receivedBytes += bytes.length;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 0; offset < bytes.length; offset += 2) {
      this.frame[this.frameFill++] = view.getInt16(offset, true) / 32768;
      if (this.frameFill === VAD_FRAME_SAMPLES) {
        const frame = this.frame;
        this.frame = new Float32Array(VAD_FRAME_SAMPLES);
        this.frameFill = 0;
        await this.onFrame(frame);
        if (this.ended) return;
      }
    }
  }

  private async onFrame(frame: Float32Array): Promise<void> {
    const probability = await this.stream!.vad.probability(frame);
    const frameStart = this.processed;
    this.processed += VAD_FRAME_SAMPLES;
    const settings = this.settings;
    const isSpeech = probability >= settings.speechThreshold;
    const isSilence = probability < settings.silenceThreshold;

    let segment = this.segment;
    if (!segment) {
      this.recent.push(frame);
      if (this.recent.length > settings.preRollFrames + 1) this.recent.shift();
      if (isSpeech) {
        const frames = this.recent;
        this.recent = [];
        segment = this.segment = {
          start: this.processed - frames.length * VAD_FRAME_SAMPLES,
          frames,
          speechFrames: 0,
          firstSpeech: frameStart,
          lastSpeechEnd: this.processed,
          silenceFrames: 0,
          lastInterimAt: this.processed,
          lastInterimEmittedAt: 0,
          interimsSent: 0,
          finalized: false,
          finalSent: false,
        };
      }
    } else {
      segment.frames.push(frame);
    }

    if (segment) {
      if (isSpeech) {
        segment.speechFrames++;
        segment.lastSpeechEnd = this.processed;
        segment.silenceFrames = 0;
        segment.speculation = undefined;
        if (segment.speechFrames === settings.minSpeechFrames) this.onSpeechConfirmed(segment);
      } else if (isSilence) {
        segment.silenceFrames++;
      }
      const confirmed = segment.speechFrames >= settings.minSpeechFrames;
      const silenceMs = segment.silenceFrames * FRAME_SECONDS * 1000;
      if (silenceMs >= (this.options.endpointingMs || UNENDPOINTED_PAUSE_MS)) {
        if (confirmed) this.finalizeOpenSegment(this.options.endpointingMs !== false, false);
        else this.dropSegment();
      } else if (confirmed) {
        if (segment.silenceFrames === settings.speculateAfterFrames) this.speculate(segment);
        if ((this.processed - segment.start) / RATE >= settings.maxSegmentMs / 1000) {
          this.finalizeOpenSegment(false, false);
        } else if (
          this.options.interimResults &&
          segment.silenceFrames === 0 &&
          (this.processed - segment.lastInterimAt) / RATE >= settings.interimIntervalMs / 1000
        ) {
          this.requestInterim(segment);
        }
      }
    }

    this.maybeSendUtteranceEnd();
  }

  private onSpeechConfirmed(segment: Segment): void {
    this.pendingUtteranceEnd = null;
    if (this.options.vadEvents) {
      this.send({ type: 'SpeechStarted', channel: [0], timestamp: round(segment.firstSpeech / RATE) });
    }
  }

  private dropSegment(): void {
    const segment = this.segment;
    this.segment = undefined;
    if (segment) {
      segment.finalized = true;
      this.recent = segment.frames.slice(-(this.settings.preRollFrames + 1));
    }
  }

  private segmentAudio(segment: Segment, end: number): Float32Array {
    const length = end - segment.start;
    const audio = new Float32Array(length + this.settings.paddingFrames * VAD_FRAME_SAMPLES);
    let offset = 0;
    for (const frame of segment.frames) {
      if (offset >= length) break;
      const part = frame.subarray(0, Math.min(frame.length, length - offset));
      audio.set(part, offset);
      offset += part.length;
    }
    return audio;
  }

  private decode(
    segment: Segment,
    end: number,
    priority: DecodePriority,
    isStale?: () => boolean,
  ): Promise<Transcript | null> {
    return this.engine.transcribe({
      streamId: this.stream!.id,
      audio: this.segmentAudio(segment, end),
      priority,
      isStale,
    });
  }

  private speculate(segment: Segment): void {
    const end = this.processed;
    // Stale once speech resumes (the speculation is replaced); a finalised segment still wants it.
    const speculation: NonNullable<Segment['speculation']> = { end, transcript: Promise.resolve(null) };
    speculation.transcript = this.decode(
      segment,
      end,
      'speculative',
      () => this.ended || segment.speculation !== speculation,
    );
    segment.speculation = speculation;
  }

  private requestInterim(segment: Segment): void {
    const end = this.processed;
    segment.lastInterimAt = end;
    this.decode(segment, end, 'interim', () => this.ended || segment.finalized).then(
      (transcript) => {
        if (!transcript || segment.finalSent || this.ended || end <= segment.lastInterimEmittedAt) return;
        if (!transcript.text) return;
        segment.lastInterimEmittedAt = end;
        segment.interimsSent++;
        this.send(
          this.results(segment, end, transcript, { isFinal: false, speechFinal: false, fromFinalize: false }),
        );
      },
      () => undefined,
    );
  }

  /**
   * Closes the open segment and queues its final result. A pause-closed segment reuses the speculative decode
   * when no speech came after it, which is what keeps end-of-speech to final close to the endpointing delay.
   */
  private finalizeOpenSegment(speechFinal: boolean, fromFinalize: boolean): void {
    const segment = this.segment;
    if (!segment) return;
    this.segment = undefined;
    segment.finalized = true;
    if (segment.speechFrames < this.settings.minSpeechFrames) return;
    const speculation = segment.speculation;
    const tail = speechFinal ? this.settings.speculateAfterFrames * VAD_FRAME_SAMPLES : Infinity;
    const end = speculation?.end ?? Math.min(this.processed, segment.lastSpeechEnd + tail);
    const reused = speculation?.transcript;
    const transcript = reused
      ? reused.then((result) => result ?? this.decode(segment, end, 'final'))
      : this.decode(segment, end, 'final');
    this.outbox = this.outbox.then(async () => {
      const result = await transcript.catch(() => null);
      if (!result || this.ended) return;
      segment.finalSent = true;
      if (!result.text && segment.interimsSent === 0) return;
      this.send(this.results(segment, end, result, { isFinal: true, speechFinal, fromFinalize }));
      if (result.text && this.options.utteranceEndMs !== null)
        this.pendingUtteranceEnd = segment.lastSpeechEnd / RATE;
      this.maybeSendUtteranceEnd();
    });
  }

  private maybeSendUtteranceEnd(): void {
    const lastWordEnd = this.pendingUtteranceEnd;
    if (lastWordEnd === null || this.options.utteranceEndMs === null) return;
    const open = this.segment && this.segment.speechFrames >= this.settings.minSpeechFrames;
    if (open || this.processed / RATE - lastWordEnd < this.options.utteranceEndMs / 1000) return;
    this.pendingUtteranceEnd = null;
    this.send({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: round(lastWordEnd) });
  }

  private async closeStream(): Promise<void> {
    this.finalizeOpenSegment(false, false);
    await this.outbox;
    if (this.ended) return;
    this.send({
      type: 'Metadata',
      transaction_key: 'deprecated',
      request_id: this.requestId,
      sha256: this.hash.digest('hex'),
      created: this.created,
      duration: round(this.receivedBytes / 2 / RATE),
      channels: 1,
      models: [MODEL_UUID],
      model_info: { [MODEL_UUID]: MODEL_INFO },
    });
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.transport.close(CLOSE.normal, '');
  }

  private results(
    segment: Segment,
    end: number,
    transcript: Transcript,
    flags: { isFinal: boolean; speechFinal: boolean; fromFinalize: boolean },
  ): ResultsMessage {
    const confidence = round(transcript.confidence);
    const speechEnd = Math.min(end, segment.lastSpeechEnd);
    return {
      type: 'Results',
      channel_index: [0, 1],
      duration: round((end - segment.start) / RATE),
      start: round(segment.start / RATE),
      is_final: flags.isFinal,
      speech_final: flags.speechFinal,
      from_finalize: flags.fromFinalize,
      channel: {
        alternatives: [
          {
            transcript: transcript.text,
            confidence,
            words: spreadWords(transcript.text, segment.firstSpeech / RATE, speechEnd / RATE, confidence),
          },
        ],
      },
      metadata: { request_id: this.requestId, model_info: MODEL_INFO, model_uuid: MODEL_UUID },
    };
  }
}

/**
 * Moonshine gives no word timings, so words are laid over the segment's speech span in proportion to their
 * length: good enough for UtteranceEnd and captions, not for word-level alignment.
 */
function spreadWords(text: string, start: number, end: number, confidence: number): ResultWord[] {
  const tokens = text.split(/\s+/).filter((token) => token.length > 0);
  const total = tokens.reduce((sum, token) => sum + token.length, 0);
  const span = Math.max(0, end - start);
  let cursor = start;
  return tokens.map((token) => {
    const length = total > 0 ? (span * token.length) / total : 0;
    const word: ResultWord = {
      word: token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
      start: round(cursor),
      end: round(cursor + length),
      confidence,
      punctuated_word: token,
    };
    cursor += length;
    return word;
  });
}

/** Ogg, WebM/Matroska, FLAC, MP3 (ID3 or a frame sync): containers a linear16 socket cannot decode. */
function looksLikeCompressedAudio(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const tag = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (tag === 'OggS' || tag === 'fLaC' || tag.startsWith('ID3')) return true;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return true;
  return false;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
