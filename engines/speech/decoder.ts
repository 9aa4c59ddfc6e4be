import { VAD_FRAME_SAMPLES } from './pcm-frames';
import type { DecodePriority, SpeechEngine, Transcript } from './speech-engine';

export interface DecoderSettings {
  /** Digital silence appended to every decode: Moonshine ends sentences more reliably with a short pause. */
  paddingFrames: number;
}

export const DEFAULT_DECODER_SETTINGS: DecoderSettings = { paddingFrames: 3 };

/**
 * One stream's side of the recogniser: it keeps the recent audio (only as far back as the segmenter may still
 * ask for), cuts out a span, and hands it to the shared engine with the decode's priority.
 */
export class SegmentDecoder {
  /** Frames kept, oldest first; `keptFrom` is the stream position of the first. */
  private frames: Float32Array[] = [];
  private keptFrom = 0;
  private latestSpeculation: { id: number; transcript: Promise<Transcript | null> } | undefined;

  constructor(
    private readonly engine: SpeechEngine,
    private readonly streamId: number,
    private readonly settings: DecoderSettings = DEFAULT_DECODER_SETTINGS,
  ) {}

  append(frame: Float32Array): void {
    this.frames.push(frame);
  }

  /** Lets go of whole frames before `sample`. */
  forgetBefore(sample: number): void {
    const drop = Math.floor((sample - this.keptFrom) / VAD_FRAME_SAMPLES);
    if (drop <= 0) return;
    this.frames.splice(0, drop);
    this.keptFrom += drop * VAD_FRAME_SAMPLES;
  }

  interim(start: number, end: number, isStale: () => boolean): Promise<Transcript | null> {
    return this.decode(this.audio(start, end), 'interim', isStale);
  }

  /** Decodes ahead of a pause; the final for the same pause reuses it. Resolves null when dropped as stale. */
  speculate(id: number, start: number, end: number, isStale: () => boolean): Promise<Transcript | null> {
    const transcript = this.decode(this.audio(start, end), 'speculative', isStale);
    this.latestSpeculation = { id, transcript };
    return transcript;
  }

  /** The speculation `speculationId` when it gives a transcript, else a decode of [start, end). */
  final(start: number, end: number, speculationId: number | undefined): Promise<Transcript | null> {
    const audio = this.audio(start, end);
    const speculation = this.latestSpeculation;
    if (speculation === undefined || speculation.id !== speculationId) return this.decode(audio, 'final');
    this.latestSpeculation = undefined;
    return speculation.transcript.then((transcript) => transcript ?? this.decode(audio, 'final'));
  }

  private decode(audio: Float32Array, priority: DecodePriority, isStale?: () => boolean) {
    return this.engine.transcribe({ streamId: this.streamId, audio, priority, isStale });
  }

  /** Samples [start, end) followed by the padding silence. */
  private audio(start: number, end: number): Float32Array {
    const length = end - start;
    const audio = new Float32Array(length + this.settings.paddingFrames * VAD_FRAME_SAMPLES);
    let frameIndex = Math.floor((start - this.keptFrom) / VAD_FRAME_SAMPLES);
    let skip = start - this.keptFrom - frameIndex * VAD_FRAME_SAMPLES;
    let offset = 0;
    while (offset < length && frameIndex < this.frames.length) {
      const frame = this.frames[frameIndex++]!;
      const part = frame.subarray(skip, Math.min(frame.length, skip + length - offset));
      audio.set(part, offset);
      offset += part.length;
      skip = 0;
    }
    return audio;
  }
}
