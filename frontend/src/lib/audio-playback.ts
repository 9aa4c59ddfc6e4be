import { audioContext } from './audio-context';
import { concatBytes, pcm16Frames, readWavHeader } from './wav-stream';

// The queue of spoken clips, loaded with the speak-back pipeline; the context it plays through is unlocked
// by audio-context.ts on the main button's press.

export interface AudioQueue {
  /**
   * Plays a clip right after every clip queued before it, in the order of the calls (its body may still be on
   * its way: the place in the queue is taken at the call), starting at the sample where the previous one ends,
   * so clauses of one sentence play without a gap or an overlap. A 16-bit PCM WAV stream starts with its first
   * samples, anything else (MP3) is decoded once complete. Resolves when it has ended (or the queue was
   * stopped), rejects when it cannot be read or decoded. `onStart` is told when its first sample plays (page time,
   * performance.now()'s clock, the output latency included), as soon as that is scheduled.
   */
  play(
    body: ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>,
    onStart?: (at: number) => void,
  ): Promise<void>;
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

/** When a sample scheduled at context time `at` reaches the ear, on the page's clock. */
function pageTimeOf(audio: AudioContext, at: number): number {
  return (
    performance.now() +
    (Math.max(at, audio.currentTime) - audio.currentTime + (audio.outputLatency || 0)) * 1000
  );
}

export function createAudioQueue(): AudioQueue {
  let stopped = false;
  const playing = new Set<AudioBufferSourceNode>();
  const readers = new Set<ReadableStreamDefaultReader<Uint8Array>>();
  // Each clip waits until the one before it is wholly scheduled, however fast its own bytes arrive, then
  // continues at the context time where that one ends.
  let turn: Promise<unknown> = Promise.resolve();
  let scheduledEnd = 0;

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

  /** Resolves `scheduled` once every sample of the clip has a start time, and returns when the clip has ended. */
  async function playStreamed(
    audio: AudioContext,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    previous: Promise<unknown>,
    scheduled: () => void,
    onStart: (at: number) => void,
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
      if (stopped) return scheduled();
      const at = Math.max(scheduledEnd, audio.currentTime);
      scheduledEnd = at + buffer.duration;
      const ended = start(audio, buffer, at);
      onStart(pageTimeOf(audio, at));
      scheduled();
      return ended;
    }
    const { format } = header;
    await previous;
    // Chunks are scheduled back to back, from where the previous clip ends; one that arrives late starts as
    // soon as it can.
    let next = scheduledEnd;
    let ended: Promise<void> = Promise.resolve();
    let started = false;
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
        scheduledEnd = next;
        ended = start(audio, buffer, at);
        if (!started) onStart(pageTimeOf(audio, at));
        started = true;
      }
      if (stopped) break;
      const { done, value } = await reader.read();
      if (done) break;
      carry = concatBytes(carry, value);
    }
    scheduled();
    await ended;
  }

  return {
    play(body, onStart = () => {}) {
      const audio = audioContext();
      if (!audio) return Promise.reject(new Error('Web Audio is not available'));
      let scheduled: () => void = () => {};
      const previous = turn;
      turn = new Promise<void>((resolve) => (scheduled = resolve));
      const played = (async () => {
        let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
        try {
          reader = (await body).getReader();
          readers.add(reader);
          if (stopped) void reader.cancel().catch(() => undefined);
          return await playStreamed(audio, reader, previous, scheduled, onStart);
        } finally {
          // A clip that failed must not hold up the ones after it.
          await previous;
          scheduled();
          if (reader) readers.delete(reader);
        }
      })();
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
