// Worker-thread entry: owns one Moonshine model so that decoding (synchronous inside onnxruntime-node) never
// blocks the event loop that serves the sockets. It runs one job at a time; the scheduler in speech-engine.ts
// decides the order.
import { parentPort, workerData } from 'node:worker_threads';
import { MoonshineModel, type MoonshineOptions } from './moonshine-model';

export interface WorkerOptions extends MoonshineOptions {
  /** One Int32: the id of a job the scheduler wants dropped (a running interim when a final is waiting). */
  cancel: SharedArrayBuffer;
}

export interface DecodeRequest {
  id: number;
  audio: Float32Array;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; id: number; text: string; confidence: number }
  | { type: 'cancelled'; id: number }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('moonshine-worker must run in a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

try {
  const options = workerData as WorkerOptions;
  const cancel = new Int32Array(options.cancel);
  const model = await MoonshineModel.load(options);
  port.on('message', (request: DecodeRequest) => {
    model
      .transcribe(request.audio, () => Atomics.load(cancel, 0) === request.id)
      .then(
        (transcript) =>
          post(
            transcript
              ? { type: 'result', id: request.id, text: transcript.text, confidence: transcript.confidence }
              : { type: 'cancelled', id: request.id },
          ),
        (error: unknown) => post({ type: 'failed', id: request.id, message: String(error) }),
      );
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'load-failed', message: String(error) });
}
