import { audioContext } from './audio-context';
import { concatBytes, pcm16Frames, readWavHeader } from './wav-stream';

// The queue of spoken clips, loaded with the speak-back pipeline; the context it plays through is unlocked
// by audio-context.ts on the main button's press.

export interface AudioQueue {
  /**
   * Plays a clip once every clip queued before it has played, in the order of the calls: a 16-bit PCM WAV
   * stream starts with its first samples, anything else (MP3) is decoded once complete. Resolves when it has
   * ended (or the queue was stopped), rejects when it cannot be read or decoded.
   */
  play(body: ReadableStream<Uint8Array>): Promise<void>;
  /** Stops what plays and drops what waits. */
  stop(): void;
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  start: Uint8Array,
): Promise<Uint8Array> {
  let bytes = start;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes = concatBytes(bytes, value);
  }
}

export function createAudioQueue(): AudioQueue {
  let stopped = false;
  const playing = new Set<AudioBufferSourceNode>();
  const readers = new Set<ReadableStreamDefaultReader<Uint8Array>>();
  // Each clip waits for the one before it, however fast its own bytes arrive.
  let turn: Promise<unknown> = Promise.resolve();

  /** Starts a buffer at `at` (context time); resolves when it ends. */
  function start(audio: AudioContext, buffer: AudioBuffer, at: number): Promise<void> {
    return new Promise((resolve) => {
      const source = audio.createBufferSource();
      source.buffer = buffer;
      source.connect(audio.destination);
      source.onended = () => {
        playing.delete(source);
        resolve();
      };
      playing.add(source);
      source.start(at);
    });
  }

  async function playStreamed(
    audio: AudioContext,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    previous: Promise<unknown>,
  ): Promise<void> {
    let bytes: Uint8Array = new Uint8Array(0);
    let header = readWavHeader(bytes);
    while (header.kind === 'need-more') {
      const { done, value } = await reader.read();
      if (done) break;
      bytes = concatBytes(bytes, value);
      header = readWavHeader(bytes);
    }
    if (header.kind !== 'pcm16') {
      const whole = await readAll(reader, bytes);
      const buffer = await audio.decodeAudioData(whole.slice().buffer);
      await previous;
      if (!stopped) await start(audio, buffer, 0);
      return;
    }
    const { format } = header;
    await previous;
    // Chunks are scheduled back to back; one that arrives late starts as soon as it can.
    let next = 0;
    let ended: Promise<void> = Promise.resolve();
    let carry = bytes.subarray(header.dataOffset);
    for (;;) {
      const { channels, rest } = pcm16Frames(carry, format.channels);
      carry = rest;
      const frames = channels[0]?.length ?? 0;
      if (frames > 0 && !stopped) {
        const buffer = audio.createBuffer(format.channels, frames, format.sampleRate);
        channels.forEach((samples, channel) => buffer.copyToChannel(samples, channel));
        const at = Math.max(next, audio.currentTime);
        next = at + buffer.duration;
        ended = start(audio, buffer, at);
      }
      if (stopped) break;
      const { done, value } = await reader.read();
      if (done) break;
      carry = concatBytes(carry, value);
    }
    await ended;
  }

  return {
    play(body) {
      const audio = audioContext();
      if (!audio) return Promise.reject(new Error('Web Audio is not available'));
      const reader = body.getReader();
      readers.add(reader);
      const played = playStreamed(audio, reader, turn).finally(() => readers.delete(reader));
      turn = played.catch(() => undefined);
      return played;
    },
    stop() {
      stopped = true;
      for (const reader of readers) void reader.cancel().catch(() => undefined);
      for (const source of playing) {
        try {
          source.stop();
        } catch {
          // Not started yet or already ended.
        }
      }
    },
  };
}
