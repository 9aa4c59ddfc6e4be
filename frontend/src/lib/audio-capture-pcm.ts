/**
 * Turns the microphone's float samples into the speech socket's format: 16 kHz mono PCM16, in chunks of
 * AUDIO_CHUNK_INTERVAL_MS (320 samples). Pure, so the worklet and its tests share it.
 */
import { AUDIO_CHUNK_INTERVAL_MS, SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';

/** The name the worklet module registers its processor under. */
export const PCM16_PROCESSOR_NAME = 'wayfarer-pcm16';

/** Posted to the worklet: emit the partial chunk now, then answer FLUSHED. */
export const FLUSH_MESSAGE = 'flush';
export const FLUSHED_MESSAGE = 'flushed';

export const PCM16_CHUNK_SAMPLES = (SPEECH_SAMPLE_RATE_HZ * AUDIO_CHUNK_INTERVAL_MS) / 1000;

/**
 * Resamples by averaging each output sample's source window (a box filter, enough for speech at 16 kHz) and
 * cuts the stream into fixed-size chunks. Chromium honours `new AudioContext({sampleRate: 16000})`, so there
 * the ratio is 1; other browsers may run the graph at 44.1 or 48 kHz.
 */
export class Pcm16Chunker {
  private readonly ratio: number;
  private readonly chunk: Int16Array;
  private filled = 0;
  private seen = 0;
  private nextBoundary: number;
  private sum = 0;
  private count = 0;

  constructor(
    sourceRate: number,
    targetRate: number,
    chunkSamples: number,
    private readonly emit: (chunk: Int16Array) => void,
  ) {
    if (sourceRate < targetRate) throw new RangeError('Upsampling is not supported');
    this.ratio = sourceRate / targetRate;
    this.nextBoundary = this.ratio;
    this.chunk = new Int16Array(chunkSamples);
  }

  push(input: Float32Array): void {
    for (const sample of input) {
      this.sum += sample;
      this.count++;
      this.seen++;
      if (this.seen >= this.nextBoundary) {
        this.write(this.sum / this.count);
        this.sum = 0;
        this.count = 0;
        this.nextBoundary += this.ratio;
      }
    }
    // Keeps the counters small over long sessions without changing their difference.
    if (this.seen > 1_000_000) {
      const whole = Math.floor(this.seen);
      this.seen -= whole;
      this.nextBoundary -= whole;
    }
  }

  /** Emits what the current chunk holds, if anything (the microphone is about to stop). */
  flush(): void {
    if (this.filled === 0) return;
    this.emit(this.chunk.slice(0, this.filled));
    this.filled = 0;
  }

  private write(sample: number): void {
    const clamped = Math.max(-1, Math.min(1, sample));
    this.chunk[this.filled++] = clamped < 0 ? Math.round(clamped * 0x8000) : Math.round(clamped * 0x7fff);
    if (this.filled === this.chunk.length) {
      this.emit(this.chunk.slice());
      this.filled = 0;
    }
  }
}
