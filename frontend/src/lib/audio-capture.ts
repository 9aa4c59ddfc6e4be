import processorUrl from './audio-capture-processor?worker&url';
import { SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';
import { FLUSH_MESSAGE, FLUSHED_MESSAGE, PCM16_PROCESSOR_NAME } from './audio-capture-pcm';

/** Why the microphone could not start (docs/SPEC.md §8: error_mic_access, permission_denied, error_transcription_start). */
export type AudioCaptureFailure = 'unsupported' | 'denied' | 'failed';

export class AudioCaptureError extends Error {
  constructor(
    readonly failure: AudioCaptureFailure,
    options?: { cause?: unknown },
  ) {
    super(`Microphone capture failed: ${failure}`, options);
    this.name = 'AudioCaptureError';
  }
}

export interface AudioCapture {
  /** Muting disables the track, so the browser captures nothing; chunks keep coming as silence. */
  setMuted(muted: boolean): void;
  /** Hands over the partial chunk (the last words before a stop), then stops. Bounded: never waits long. */
  finish(): Promise<void>;
  stop(): void;
}

/** How long finish() waits for the worklet to hand over its partial chunk. */
const FLUSH_TIMEOUT_MS = 200;

/**
 * Raw microphone signal: the browser's voice processing boosts and distorts speech for a recogniser
 * (docs/E2E.md measured 0.98 correlation with the source without it, 0.80 with it).
 */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
};

export function isAudioCaptureSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof AudioWorkletNode !== 'undefined'
  );
}

/**
 * Opens the microphone and calls `onChunk` with AUDIO_CHUNK_INTERVAL_MS of 16 kHz mono PCM16 at a time (20 ms,
 * 640 bytes).
 * Throws AudioCaptureError.
 */
export async function startAudioCapture(onChunk: (pcm: ArrayBuffer) => void): Promise<AudioCapture> {
  if (!isAudioCaptureSupported()) throw new AudioCaptureError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  } catch (error) {
    const denied = error instanceof DOMException && error.name === 'NotAllowedError';
    throw new AudioCaptureError(denied ? 'denied' : 'failed', { cause: error });
  }

  let context: AudioContext | undefined;
  try {
    context = new AudioContext({ sampleRate: SPEECH_SAMPLE_RATE_HZ });
    let source: MediaStreamAudioSourceNode;
    try {
      source = context.createMediaStreamSource(stream);
    } catch {
      // Firefox refuses to connect a stream to a context at another rate; the worklet resamples instead.
      void context.close();
      context = new AudioContext();
      source = context.createMediaStreamSource(stream);
    }
    await context.audioWorklet.addModule(processorUrl);
    const node = new AudioWorkletNode(context, PCM16_PROCESSOR_NAME, {
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    let flushed: (() => void) | undefined;
    node.port.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (event.data === FLUSHED_MESSAGE) flushed?.();
      else if (event.data instanceof ArrayBuffer) onChunk(event.data);
    };
    source.connect(node);
    // The processor writes no output; connecting it keeps the graph pulling it in every browser.
    node.connect(context.destination);
    if (context.state === 'suspended') await context.resume();

    const openContext = context;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      for (const track of stream.getTracks()) track.stop();
      void openContext.close().catch(() => undefined);
    };
    return {
      setMuted(muted) {
        for (const track of stream.getAudioTracks()) track.enabled = !muted;
      },
      async finish() {
        if (stopped) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
          flushed = () => {
            clearTimeout(timer);
            resolve();
          };
          node.port.postMessage(FLUSH_MESSAGE);
        });
        stop();
      },
      stop,
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context?.close().catch(() => undefined);
    throw new AudioCaptureError('failed', { cause: error });
  }
}
