import type { Worker } from 'node:worker_threads';
import type { Speaker } from '@wayfarer/lambdas/ports/tts';
import { wavHeader } from '../speech/wav';
import { spawnWorker } from '../worker-thread';
import { ESPEAK_DEFAULT_WORDS_PER_MINUTE, ESPEAK_SAMPLE_RATE_HZ } from './espeak';
import type { EspeakWorkerMessage, EspeakWorkerOptions, SynthesisRequest } from './espeak-worker';
import { splitSentences } from './sentences';
import { espeakVoiceFor } from './voices';

export const ESPEAK_CONTENT_TYPE = 'audio/wav';

export interface EspeakSpeaker extends Speaker {
  /** Starts the worker now rather than on the first phrase; resolves once espeak-ng has loaded. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One sentence on its way through the worker: the pieces it has made so far, read by one stream. */
interface Job {
  readonly request: SynthesisRequest;
  readonly pieces: Int16Array[];
  finished: boolean;
  error?: Error;
  wake?: () => void;
}

let shared: EspeakSpeaker | undefined;

/** The process-wide speaker: one worker, loaded on the first phrase (or by `ready()`), shared by every request. */
export function sharedEspeakSpeaker(): EspeakSpeaker {
  shared ??= createEspeakSpeaker();
  return shared;
}

/**
 * The embedded text-to-speech engine behind the Speaker port: espeak-ng in a worker thread, one sentence at a
 * time, every request's sentences in arrival order. The response is one WAV stream (a header of unknown
 * length, then 16-bit mono PCM at 22,050 Hz) whose first sentence is on its way before the next is synthesised.
 */
export function createEspeakSpeaker(): EspeakSpeaker {
  let worker: Promise<Worker> | undefined;
  let cancel: Int32Array<ArrayBufferLike> = new Int32Array(1);
  const queue: Job[] = [];
  let running: Job | undefined;
  let nextId = 1;

  const settle = (job: Job, error?: Error) => {
    job.finished = true;
    job.error = error;
    job.wake?.();
  };

  function start(): Promise<Worker> {
    worker ??= new Promise<Worker>((resolve, reject) => {
      const cancelBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
      cancel = new Int32Array(cancelBuffer);
      const options: EspeakWorkerOptions = { cancel: cancelBuffer };
      const thread = spawnWorker(import.meta.url, 'espeak-worker', options);
      thread.unref();
      thread.on('message', (message: EspeakWorkerMessage) => {
        if (message.type === 'ready') return resolve(thread);
        if (message.type === 'load-failed') return reject(new Error(message.message));
        const job = running;
        if (job?.request.id !== message.id) return;
        if (message.type === 'audio') {
          job.pieces.push(message.samples);
          job.wake?.();
          return;
        }
        running = undefined;
        settle(job, message.type === 'failed' ? new Error(message.message) : undefined);
        dispatch();
      });
      thread.on('error', (error) => {
        reject(error);
        // A crashed worker takes its sentences with it; the next phrase starts a new one.
        worker = undefined;
        for (const job of [running, ...queue.splice(0)]) if (job) settle(job, error);
        running = undefined;
      });
    });
    worker.catch(() => (worker = undefined));
    return worker;
  }

  function dispatch() {
    if (running || queue.length === 0 || !worker) return;
    const job = queue.shift() as Job;
    running = job;
    void worker.then((thread) => thread.postMessage(job.request));
  }

  /** Stops a sentence nobody will read: unqueued if it has not started, cut short in the worker if it has. */
  function drop(job: Job) {
    if (job.finished) return;
    const queued = queue.indexOf(job);
    if (queued >= 0) {
      queue.splice(queued, 1);
      settle(job);
    } else if (running === job) {
      Atomics.store(cancel, 0, job.request.id);
    }
  }

  async function* sentenceAudio(request: SynthesisRequest, signal?: AbortSignal): AsyncGenerator<Int16Array> {
    const job: Job = { request, pieces: [], finished: false };
    const onAbort = () => job.wake?.();
    signal?.addEventListener('abort', onAbort);
    queue.push(job);
    dispatch();
    try {
      while (!signal?.aborted) {
        const piece = job.pieces.shift();
        if (piece) yield piece;
        else if (job.error) throw job.error;
        else if (job.finished) return;
        else await new Promise<void>((resolve) => (job.wake = resolve));
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      drop(job);
    }
  }

  async function* phraseAudio(
    sentences: string[],
    voice: Omit<SynthesisRequest, 'id' | 'text'>,
    signal?: AbortSignal,
  ): AsyncGenerator<Uint8Array> {
    yield wavHeader(ESPEAK_SAMPLE_RATE_HZ);
    for (const text of sentences) {
      if (signal?.aborted) return;
      for await (const samples of sentenceAudio({ id: nextId++, text, ...voice }, signal)) {
        yield new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
      }
    }
  }

  const speaker: EspeakSpeaker = {
    async speak({ text, language, gender, speed, signal }) {
      const voice = espeakVoiceFor(language, gender);
      if (voice === undefined) throw new Error(`The embedded voice does not speak ${language}`);
      await start();
      const wordsPerMinute = Math.round(ESPEAK_DEFAULT_WORDS_PER_MINUTE * (speed ?? 1));
      return {
        contentType: ESPEAK_CONTENT_TYPE,
        audio: phraseAudio(splitSentences(text), { ...voice, wordsPerMinute }, signal),
      };
    },
    async ready() {
      await start();
    },
    async close() {
      const thread = worker;
      worker = undefined;
      for (const job of [running, ...queue.splice(0)]) if (job) settle(job);
      running = undefined;
      if (thread) await (await thread.catch(() => undefined))?.terminate();
      if (shared === speaker) shared = undefined;
    },
  };
  return speaker;
}
