import { createHash, randomUUID } from 'node:crypto';
import {
  CLOSE,
  CLOSE_REASON,
  parseClientControl,
  type ServerMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { DEFAULT_DECODER_SETTINGS, SegmentDecoder, type DecoderSettings } from './decoder';
import type { ListenOptions } from './listen-query';
import { PcmFramer, looksLikeCompressedAudio } from './pcm-frames';
import { ProtocolWriter } from './protocol-writer';
import {
  DEFAULT_SEGMENTER_SETTINGS,
  frameVoice,
  initialSegmenterState,
  isDecodeWanted,
  oldestSampleNeeded,
  segmenterReducer,
  type SegmenterAction,
  type SegmenterEvent,
  type SegmenterSettings,
  type SegmenterState,
  type WantedDecode,
} from './segmenter';
import type { SpeechEngine, Transcript, VoiceActivity } from './speech-engine';
import { wavHeaderLength } from './wav';

export interface LiveSessionSettings extends SegmenterSettings, DecoderSettings {
  /** With no audio and no message for this long the socket closes (Deepgram: NET-0001 after 10 s). */
  idleTimeoutMs: number;
}

export const DEFAULT_LIVE_SESSION_SETTINGS: LiveSessionSettings = {
  ...DEFAULT_SEGMENTER_SETTINGS,
  ...DEFAULT_DECODER_SETTINGS,
  idleTimeoutMs: 10_000,
};

export interface LiveSessionTransport {
  /**
   * `heardAt` (epoch ms) is when the session took in the audio the message answers: the frame that asked for
   * its decode or closed its phrase. A provider's latency is counted from there, as the eager end of turn measures it.
   */
  send(message: ServerMessage, heardAt: number): void;
  /** Called once; the session ignores all input afterwards. */
  close(code: number, reason: string): void;
}

type Input = { kind: 'audio'; bytes: Uint8Array } | { kind: 'finalize' } | { kind: 'close-stream' };

/**
 * One client's live transcription, independent of the transport: feed it the socket's binary frames and text
 * frames; it answers with Deepgram-shaped messages through `transport.send` and ends through `transport.close`.
 * The decisions are the segmenter's (segmenter.ts); this class owns the I/O around it: the input queue, the
 * VAD, the decodes (decoder.ts), the idle timer and the order in which finals go out.
 */
export class DeepgramLiveSession {
  private readonly settings: LiveSessionSettings;
  private readonly writer = new ProtocolWriter(randomUUID(), new Date().toISOString());
  private readonly hash = createHash('sha256');
  private readonly framer = new PcmFramer();
  private readonly inputs: Input[] = [];
  private pumping = false;
  private ended = false;
  private stream: { vad: VoiceActivity; decoder: SegmentDecoder } | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private sawFirstBytes = false;
  private state: SegmenterState;
  /** Final results and what follows them go out in order through this chain. */
  private outbox: Promise<void> = Promise.resolve();
  /** While a decode's outcome is dispatched: when the audio it answers was taken in (else: now). */
  private heardAt: number | undefined;

  constructor(
    private readonly engine: SpeechEngine,
    options: ListenOptions,
    private readonly transport: LiveSessionTransport,
    settings: Partial<LiveSessionSettings> = {},
  ) {
    this.settings = { ...DEFAULT_LIVE_SESSION_SETTINGS, ...settings };
    this.state = initialSegmenterState(options, this.settings);
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
    this.idleTimer = setTimeout(() => {
      // Audio that arrived is still being decoded (a loaded machine): the client is not idle, we are behind
      // (a soak run saw 1011 NET-0001 on phrases whose CloseStream was queued behind their audio).
      if (this.pumping || this.inputs.length > 0) this.touch();
      else this.fail(CLOSE.internalError, CLOSE_REASON.idle);
    }, this.settings.idleTimeoutMs);
    this.idleTimer.unref?.();
  }

  private fail(code: number, reason: string): void {
    if (this.ended) return;
    this.abort();
    this.transport.close(code, reason);
  }

  private send(message: ServerMessage): void {
    if (!this.ended) this.transport.send(message, this.heardAt ?? Date.now());
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
        const { id, vad } = this.engine.openStream();
        this.stream = { vad, decoder: new SegmentDecoder(this.engine, id, this.settings) };
      }
      while (!this.ended) {
        const input = this.inputs.shift();
        if (!input) break;
        if (input.kind === 'audio') await this.consume(input.bytes);
        else if (input.kind === 'finalize') this.dispatch({ type: 'finalize' });
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
    const { vad, decoder } = this.stream!;
    for (const frame of this.framer.push(bytes)) {
      const probability = await vad.probability(frame);
      decoder.append(frame);
      this.dispatch({ type: 'frame', voice: frameVoice(probability, this.settings) });
      if (this.ended) return;
    }
  }

  /** Dispatches a decode's outcome; what it sends answers audio taken in at `heardAt`. */
  private dispatchHeard(heardAt: number, event: SegmenterEvent): void {
    this.heardAt = heardAt;
    try {
      this.dispatch(event);
    } finally {
      this.heardAt = undefined;
    }
  }

  private dispatch(event: SegmenterEvent): void {
    const step = segmenterReducer(this.state, event);
    this.state = step.state;
    for (const action of step.actions) this.perform(action);
    this.stream?.decoder.forgetBefore(oldestSampleNeeded(this.state));
  }

  private perform(action: SegmenterAction): void {
    const decoder = this.stream!.decoder;
    const heardAt = Date.now();
    switch (action.type) {
      case 'send-speech-started':
        return this.send(this.writer.speechStarted(action.firstSpeech));
      case 'send-utterance-end':
        return this.send(this.writer.utteranceEnd(action.lastWordEnd));
      case 'send-results':
        return this.send(this.writer.results(action.span, action.transcript, action));
      case 'decode-speculative': {
        const { segmentId, speculationId } = action;
        const wanted: WantedDecode = { type: 'speculative', segmentId, speculationId };
        decoder
          .speculate(speculationId, action.start, action.end, () => this.isStale(wanted))
          .then(
            (transcript) => {
              if (!this.ended)
                this.dispatchHeard(heardAt, {
                  type: 'speculation-decoded',
                  segmentId,
                  speculationId,
                  transcript,
                });
            },
            () => undefined,
          );
        return;
      }
      case 'decode-interim': {
        const { segmentId, end } = action;
        const wanted: WantedDecode = { type: 'interim', segmentId };
        decoder
          .interim(action.start, end, () => this.isStale(wanted))
          .then(
            (transcript) => {
              if (!this.ended)
                this.dispatchHeard(heardAt, { type: 'interim-decoded', segmentId, end, transcript });
            },
            () => undefined,
          );
        return;
      }
      case 'decode-final': {
        const transcript = decoder.final(action.start, action.end, action.speculationId);
        this.outbox = this.outbox.then(() => this.deliverFinal(action.segmentId, transcript, heardAt));
        return;
      }
    }
  }

  private async deliverFinal(
    segmentId: number,
    decoding: Promise<Transcript | null>,
    heardAt: number,
  ): Promise<void> {
    const transcript = await decoding.catch(() => null);
    if (!this.ended) this.dispatchHeard(heardAt, { type: 'final-decoded', segmentId, transcript });
  }

  private isStale(request: WantedDecode): boolean {
    return this.ended || !isDecodeWanted(this.state, request);
  }

  private async closeStream(): Promise<void> {
    this.dispatch({ type: 'close-stream' });
    await this.outbox;
    if (this.ended) return;
    this.send(this.writer.metadata(this.hash.digest('hex'), this.framer.samples));
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.transport.close(CLOSE.normal, '');
  }
}
