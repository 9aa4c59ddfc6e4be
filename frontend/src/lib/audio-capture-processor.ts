// The AudioWorklet module. Vite bundles it as its own file (audio-capture.ts imports it with `?worker&url`),
// so nothing is fetched from a third party at run time.
import { SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';
import {
  FLUSH_MESSAGE,
  FLUSHED_MESSAGE,
  PCM16_CHUNK_SAMPLES,
  PCM16_PROCESSOR_NAME,
  Pcm16Chunker,
} from './audio-capture-pcm';

// AudioWorkletGlobalScope is not in TypeScript's DOM library.
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessorBase): void;
declare class AudioWorkletProcessorBase {
  readonly port: MessagePort;
}
const Base = (globalThis as unknown as { AudioWorkletProcessor: typeof AudioWorkletProcessorBase })
  .AudioWorkletProcessor;

class Pcm16Processor extends Base {
  private readonly chunker = new Pcm16Chunker(
    sampleRate,
    SPEECH_SAMPLE_RATE_HZ,
    PCM16_CHUNK_SAMPLES,
    (chunk) => this.port.postMessage(chunk.buffer, [chunk.buffer]),
  );

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data !== FLUSH_MESSAGE) return;
      this.chunker.flush();
      this.port.postMessage(FLUSHED_MESSAGE);
    };
  }

  process(inputs: Float32Array[][]): boolean {
    // The worklet node mixes its input down to one channel (channelCount 1, explicit), so channel 0 is all.
    const channel = inputs[0]?.[0];
    if (channel) this.chunker.push(channel);
    return true;
  }
}

registerProcessor(PCM16_PROCESSOR_NAME, Pcm16Processor);
