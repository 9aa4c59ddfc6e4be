import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAudioQueue } from './audio-playback';
import { streamingWavHeader } from '../testing/wav-header';

/**
 * A stand-in for Web Audio with a clock the test moves: a source started at a time already past starts at the
 * current time (as browsers do), and `ended` fires, on a task of its own, once the clock has passed its end.
 */
class FakeSource {
  buffer: { duration: number } | null = null;
  onended: (() => void) | null = null;
  startedAt: number | undefined;
  endsAt: number | undefined;
  endedCount = 0;
  constructor(private readonly context: FakeAudioContext) {}
  connect(): void {}
  start(when = 0): void {
    if (this.startedAt !== undefined) throw new Error('InvalidStateError: start called twice');
    this.startedAt = Math.max(when, this.context.currentTime);
    this.endsAt = this.startedAt + (this.buffer?.duration ?? 0);
    this.context.started.push(this);
  }
  stop(): void {
    this.endsAt = this.context.currentTime;
    this.context.fireEnded();
  }
}

class FakeAudioContext {
  currentTime = 0;
  readonly sampleRate = 24_000;
  readonly destination = {};
  readonly started: FakeSource[] = [];
  createBuffer(channels: number, frames: number, sampleRate: number) {
    return { numberOfChannels: channels, length: frames, duration: frames / sampleRate, copyToChannel() {} };
  }
  createBufferSource(): FakeSource {
    return new FakeSource(this);
  }
  /** Moves the clock to `time`, then lets `ended` reach the page. */
  async advanceTo(time: number): Promise<void> {
    this.currentTime = time;
    this.fireEnded();
    await settled();
  }
  fireEnded(): void {
    for (const source of this.started) {
      if (source.endedCount === 0 && source.endsAt !== undefined && source.endsAt <= this.currentTime) {
        source.endedCount += 1;
        setTimeout(() => source.onended?.(), 0);
      }
    }
  }
}

const context = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('./audio-context', () => ({ audioContext: () => context.current }));

const SAMPLE_RATE = 24_000;

/** The streaming WAV header the tts Lambda sends before a cloud voice's raw PCM (sizes unknown). */
const wavHeader = () => streamingWavHeader(SAMPLE_RATE);

/** `seconds` of mono 16-bit PCM. */
function pcm(seconds: number): Uint8Array {
  return new Uint8Array(Math.round(seconds * SAMPLE_RATE) * 2).fill(1);
}

/** A response body the test feeds piece by piece, as the network would. */
function heldBackStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    body,
    send: async (bytes: Uint8Array) => {
      controller.enqueue(bytes);
      await settled();
    },
    end: async () => {
      controller.close();
      await settled();
    },
  };
}

function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Watches a play() promise: how many times it settled, and how. */
function watch(played: Promise<void>) {
  const seen = { ended: 0, failed: 0 };
  played.then(
    () => (seen.ended += 1),
    () => (seen.failed += 1),
  );
  return seen;
}

let audio: FakeAudioContext;

beforeEach(() => {
  audio = new FakeAudioContext();
  context.current = audio;
});
afterEach(() => {
  context.current = undefined;
});

/** Every source starts where the one before it ends, or later (a stall): never on top of it. */
function expectInOrderWithoutOverlap(sources: readonly FakeSource[]): void {
  for (let index = 1; index < sources.length; index++) {
    expect(sources[index]!.startedAt!).toBeGreaterThanOrEqual(sources[index - 1]!.endsAt! - 1e-9);
  }
}

describe('the audio queue, a stream whose tail arrives late', () => {
  it('ends once when the tail arrives after the audio already scheduled has ended', async () => {
    const stream = heldBackStream();
    const seen = watch(createAudioQueue().play(stream.body));
    await stream.send(wavHeader());
    await stream.send(pcm(1));
    expect(audio.started).toHaveLength(1);
    // The buffered second plays out and ends: the stream has stalled, and the clip is not over.
    await audio.advanceTo(1.5);
    expect(seen).toEqual({ ended: 0, failed: 0 });

    await stream.send(pcm(0.1));
    await stream.end();
    // The tail starts now, not at 1.0 (in the past), and plays to its end.
    expect(audio.started).toHaveLength(2);
    expect(audio.started[1]!.startedAt).toBe(1.5);
    await audio.advanceTo(1.6);
    expect(seen).toEqual({ ended: 1, failed: 0 });
    expectInOrderWithoutOverlap(audio.started);
  });

  it('ends once when the late tail comes in several pieces, some split inside a sample', async () => {
    const stream = heldBackStream();
    const seen = watch(createAudioQueue().play(stream.body));
    await stream.send(wavHeader());
    await stream.send(pcm(0.5));
    await audio.advanceTo(2);
    expect(seen.ended).toBe(0);

    const tail = pcm(0.3);
    await stream.send(tail.subarray(0, 4_001));
    await audio.advanceTo(2.05);
    await stream.send(tail.subarray(4_001, 9_000));
    await audio.advanceTo(3);
    expect(seen.ended).toBe(0);
    await stream.send(tail.subarray(9_000));
    await stream.end();
    await audio.advanceTo(10);
    expect(seen).toEqual({ ended: 1, failed: 0 });
    expectInOrderWithoutOverlap(audio.started);
    const samplesPlayed = audio.started.reduce((sum, source) => sum + source.buffer!.duration, 0);
    expect(samplesPlayed * SAMPLE_RATE).toBeCloseTo(0.8 * SAMPLE_RATE, 6);
  });

  it('ends once, without a gap, when the tail arrives while the last source is still playing', async () => {
    const stream = heldBackStream();
    const seen = watch(createAudioQueue().play(stream.body));
    await stream.send(wavHeader());
    await stream.send(pcm(1));
    await audio.advanceTo(0.9);
    await stream.send(pcm(0.2));
    await stream.end();
    expect(audio.started[1]!.startedAt).toBe(1);
    await audio.advanceTo(1.1);
    expect(seen.ended).toBe(0);
    await audio.advanceTo(1.2);
    expect(seen).toEqual({ ended: 1, failed: 0 });
  });

  it('ends once when the stream closes after a stall with no more samples', async () => {
    const stream = heldBackStream();
    const seen = watch(createAudioQueue().play(stream.body));
    await stream.send(wavHeader());
    await stream.send(pcm(0.2));
    await audio.advanceTo(1);
    await stream.end();
    await audio.advanceTo(1.1);
    expect(seen).toEqual({ ended: 1, failed: 0 });
  });

  it('starts the next clip where a stalled one ended, and ends each once, in order', async () => {
    const queue = createAudioQueue();
    const first = heldBackStream();
    const second = heldBackStream();
    const order: string[] = [];
    const firstSeen = watch(queue.play(first.body).then(() => void order.push('first')));
    const secondSeen = watch(queue.play(second.body).then(() => void order.push('second')));
    await second.send(wavHeader());
    await second.send(pcm(0.5));
    await first.send(wavHeader());
    await first.send(pcm(0.5));
    await audio.advanceTo(1);
    await first.send(pcm(0.25));
    await first.end();
    await second.end();
    expect(audio.started.map((source) => source.startedAt)).toEqual([0, 1, 1.25]);
    await audio.advanceTo(2);
    expect(order).toEqual(['first', 'second']);
    expect(firstSeen).toEqual({ ended: 1, failed: 0 });
    expect(secondSeen).toEqual({ ended: 1, failed: 0 });
  });
});

describe('the audio queue tells when a clip starts (docs/SPEC.md §4 Spoken lag)', () => {
  it('tells each clip once, when its first sample is scheduled, at the page time it plays', async () => {
    const queue = createAudioQueue();
    const first = heldBackStream();
    const second = heldBackStream();
    const starts: number[][] = [[], []];
    queue.play(first.body, (at) => starts[0]!.push(at));
    queue.play(second.body, (at) => starts[1]!.push(at));
    await second.send(wavHeader());
    await second.send(pcm(0.5));
    // The second waits for the first to be wholly scheduled.
    expect(starts[1]).toEqual([]);
    await first.send(wavHeader());
    const before = performance.now();
    await first.send(pcm(1));
    await first.send(pcm(1));
    await first.end();
    expect(starts[0]).toHaveLength(1);
    expect(starts[0]![0]!).toBeGreaterThanOrEqual(before);
    // The second plays where the first ends, 2 s of audio later.
    expect(starts[1]).toHaveLength(1);
    expect(starts[1]![0]! - starts[0]![0]!).toBeGreaterThan(1_900);
  });
});
