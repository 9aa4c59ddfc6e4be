// Worker-thread entry: owns espeak-ng (and, once Japanese is asked for, kuromoji). Synthesis is synchronous wasm
// work: measured on 2 cores, a sentence takes 10-260 ms and kuromoji's dictionary 0.4 s to load, long enough to
// stall the gateway's other streams (the speech socket sends audio every 250 ms), so it runs here. It takes one
// sentence at a time; espeak-speaker.ts queues them.
import { parentPort, workerData } from 'node:worker_threads';
import anyAscii from 'any-ascii';
import { loadEspeak } from './espeak';
import { loadKanaConverter, type KanaConverter } from './kana';
import type { TextPreparation } from './voices';

export interface EspeakWorkerOptions {
  /** One Int32: the id of the sentence whose synthesis is to stop (its request was aborted). */
  cancel: SharedArrayBuffer;
}

export interface SynthesisRequest {
  id: number;
  text: string;
  voice: string;
  preparation: TextPreparation;
  /** Words a minute. */
  wordsPerMinute: number;
}

export type EspeakWorkerMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'audio'; id: number; samples: Int16Array }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('espeak-worker must run in a worker thread');
const post = (message: EspeakWorkerMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

try {
  const cancel = new Int32Array((workerData as EspeakWorkerOptions).cancel);
  const espeak = await loadEspeak();
  let kana: Promise<KanaConverter> | undefined;

  const prepare = async (text: string, preparation: TextPreparation) => {
    if (preparation === 'kana') return (await (kana ??= loadKanaConverter())).toKana(text);
    if (preparation === 'romanise') return anyAscii(text);
    return text;
  };

  port.on('message', (request: SynthesisRequest) => {
    prepare(request.text, request.preparation)
      .then((text) => {
        if (!espeak.setVoice(request.voice)) throw new Error(`espeak-ng has no voice ${request.voice}`);
        espeak.setRate(request.wordsPerMinute);
        espeak.synthesize(text, (samples) => {
          if (Atomics.load(cancel, 0) === request.id) return true;
          // Each piece leaves as soon as it is made: the first one is what the listener waits for.
          if (samples.length > 0)
            post({ type: 'audio', id: request.id, samples }, [samples.buffer as ArrayBuffer]);
          return false;
        });
        post({ type: 'done', id: request.id });
      })
      .catch((error: unknown) => post({ type: 'failed', id: request.id, message: String(error) }));
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'load-failed', message: String(error) });
}
