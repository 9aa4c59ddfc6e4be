import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Transcript } from './moonshine-model';
import type { DecodeRequest, WorkerMessage, WorkerOptions } from './moonshine-worker';
import { speechModelFiles } from './model-files';
import { spawnWorker } from '../worker-thread';
import { SileroVad } from './vad';

export type { Transcript } from './moonshine-model';

/**
 * Why a decode is wanted, highest priority first: a `final` closes a phrase and is never dropped; a
 * `speculative` decode starts at the first hint of a pause so the final is ready when the pause is confirmed;
 * an `interim` only refreshes the live text. Speculative and interim requests are coalesced per stream (a newer
 * one replaces a queued older one) and interims are served round-robin across streams, one at a time per stream,
 * so a busy recogniser degrades to fewer interims for everyone instead of one socket starving the others.
 */
export type DecodePriority = 'final' | 'speculative' | 'interim';

export interface DecodeJob {
  streamId: number;
  audio: Float32Array;
  priority: DecodePriority;
  /** Checked just before the job starts: a job whose answer nobody wants any more is skipped. */
  isStale?: () => boolean;
}

export interface VoiceActivity {
  /** Speech probability of one 512-sample frame at 16 kHz. */
  probability(frame: Float32Array): Promise<number>;
}

/** What a live session needs from the engine: a VAD per stream and a shared, scheduled recogniser. */
export interface SpeechEngine {
  /** Resolves when the models are loaded; rejects if they cannot be. */
  ready(): Promise<void>;
  openStream(): { id: number; vad: VoiceActivity };
  /** The transcript, or null when the job was coalesced away or went stale before it ran. */
  transcribe(job: DecodeJob): Promise<Transcript | null>;
  close(): Promise<void>;
}

export interface SpeechEngineOptions {
  /**
   * Recogniser workers, each with its own copy of the model (about 120 MB resident). Default: one per core, at
   * most two, so on a 2-core laptop a final never waits behind another socket's decode while the main thread
   * (VAD, sockets) needs little.
   */
  workers?: number;
  /** onnxruntime intra-op threads per worker. One is fastest on a busy 2-core host (measured). */
  threadsPerWorker?: number;
}

interface QueuedJob extends DecodeJob {
  resolve(transcript: Transcript | null): void;
  reject(error: unknown): void;
}

interface RecogniserWorker {
  worker: Worker;
  busy: boolean;
  pending: Map<number, QueuedJob>;
  /** The running job, so a waiting final can cut a running interim short. */
  current?: { id: number; priority: DecodePriority; streamId: number };
  cancel: Int32Array;
}

let nextStreamId = 1;
let shared: SpeechEngine | undefined;

/** The process-wide engine: loaded once (lazily, or early via `ready()`), shared by every socket. */
export function sharedSpeechEngine(): SpeechEngine {
  shared ??= createSpeechEngine();
  return shared;
}

export function createSpeechEngine(options: SpeechEngineOptions = {}): SpeechEngine {
  const files = speechModelFiles();
  const workerCount = Math.max(1, options.workers ?? Math.min(2, availableParallelism()));
  const threads = Math.max(1, options.threadsPerWorker ?? 1);
  const finals: QueuedJob[] = [];
  const speculative = new Map<number, QueuedJob>();
  const interims = new Map<number, QueuedJob>();
  const workers: RecogniserWorker[] = [];
  let nextJobId = 1;
  let loading: Promise<void> | undefined;
  let vad: SileroVad | undefined;
  let closed = false;

  function load(): Promise<void> {
    loading ??= (async () => {
      const vadLoad = SileroVad.load(files.vad);
      const started = Array.from({ length: workerCount }, () =>
        startWorker({ encoderPath: files.encoder, decoderPath: files.decoder, threads }),
      );
      const ready = await Promise.all(started);
      for (const worker of ready) workers.push(worker);
      vad = await vadLoad;
    })();
    return loading;
  }

  function startWorker(workerOptions: Omit<WorkerOptions, 'cancel'>) {
    return new Promise<RecogniserWorker>((resolve, reject) => {
      const cancel = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
      const worker = spawnWorker(import.meta.url, 'moonshine-worker', {
        ...workerOptions,
        cancel,
      } satisfies WorkerOptions);
      worker.unref();
      const entry: RecogniserWorker = {
        worker,
        busy: false,
        pending: new Map(),
        cancel: new Int32Array(cancel),
      };
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve(entry);
        else if (message.type === 'load-failed') reject(new Error(message.message));
        else {
          const job = entry.pending.get(message.id);
          entry.pending.delete(message.id);
          entry.busy = false;
          entry.current = undefined;
          if (job) {
            if (message.type === 'result')
              job.resolve({ text: message.text, confidence: message.confidence });
            else if (message.type === 'cancelled') job.resolve(null);
            else job.reject(new Error(message.message));
          }
          dispatch();
        }
      });
      worker.on('error', (error) => {
        reject(error);
        // A crashed worker is gone for good: fail its job and let the others carry on.
        const index = workers.indexOf(entry);
        if (index >= 0) workers.splice(index, 1);
        for (const job of entry.pending.values()) job.reject(error);
        entry.pending.clear();
      });
    });
  }

  /** Streams with a decode running: a stream's next interim waits for it rather than take a second worker. */
  function runningStreams(): Set<number> {
    return new Set(workers.flatMap((entry) => (entry.current ? [entry.current.streamId] : [])));
  }

  function takeNext(): QueuedJob | undefined {
    const job = nextJob({ finals, speculative, interims }, runningStreams());
    if (!job) return undefined;
    if (job.priority === 'final') finals.shift();
    else (job.priority === 'speculative' ? speculative : interims).delete(job.streamId);
    return job;
  }

  function dispatch(): void {
    for (const entry of workers) {
      if (entry.busy) continue;
      let job = takeNext();
      while (job?.isStale?.()) {
        job.resolve(null);
        job = takeNext();
      }
      if (!job) return;
      const id = nextJobId++;
      entry.busy = true;
      entry.current = { id, priority: job.priority, streamId: job.streamId };
      entry.pending.set(id, job);
      entry.worker.postMessage({ id, audio: job.audio } satisfies DecodeRequest);
    }
  }

  /**
   * A final (or its speculative decode) should not wait behind an interim, which is stale the moment the phrase
   * ends, nor share the cores with one: its own stream's running interims stop at their next decoder step, and
   * when every worker is busy, so does another stream's.
   */
  function preemptInterims(streamId: number): void {
    const running = workers.filter((entry) => entry.current?.priority === 'interim');
    const victims = running.filter((entry) => entry.current?.streamId === streamId);
    if (victims.length === 0 && workers.every((entry) => entry.busy)) victims.push(...running.slice(0, 1));
    for (const victim of victims) if (victim.current) Atomics.store(victim.cancel, 0, victim.current.id);
  }

  return {
    ready: load,
    openStream() {
      if (!vad) throw new Error('speech engine used before ready()');
      return { id: nextStreamId++, vad: vad.stream() };
    },
    async transcribe(job) {
      if (closed) return null;
      await load();
      return new Promise<Transcript | null>((resolve, reject) => {
        const queued: QueuedJob = { ...job, resolve, reject };
        if (job.priority === 'final') finals.push(queued);
        else {
          const queue = job.priority === 'speculative' ? speculative : interims;
          queue.get(job.streamId)?.resolve(null);
          // Re-inserting moves the stream to the back of the round-robin order.
          queue.delete(job.streamId);
          queue.set(job.streamId, queued);
        }
        dispatch();
        if (job.priority !== 'interim') preemptInterims(job.streamId);
      });
    },
    async close() {
      closed = true;
      for (const job of [...finals, ...speculative.values(), ...interims.values()]) job.resolve(null);
      finals.length = 0;
      speculative.clear();
      interims.clear();
      await Promise.all(workers.map((entry) => entry.worker.terminate()));
      workers.length = 0;
    },
  };
}

/** The queues of decodes waiting for a worker. */
export interface DecodeQueues<Job extends DecodeJob> {
  finals: readonly Job[];
  /** One per stream, in round-robin order (a stream that queues again goes to the back). */
  speculative: ReadonlyMap<number, Job>;
  interims: ReadonlyMap<number, Job>;
}

/**
 * The next decode to run: a final first, then a speculative decode, then an interim of a stream with no decode
 * running. Two interims of one socket would hold both workers for text that only refreshes the screen, and a
 * phrase's speculative decode would then share the cores with them exactly when its end of turn is due.
 */
export function nextJob<Job extends DecodeJob>(
  queues: DecodeQueues<Job>,
  runningStreams: ReadonlySet<number>,
): Job | undefined {
  const final = queues.finals[0];
  if (final) return final;
  const speculative = queues.speculative.values().next();
  if (!speculative.done) return speculative.value;
  for (const [streamId, job] of queues.interims) if (!runningStreams.has(streamId)) return job;
  return undefined;
}
