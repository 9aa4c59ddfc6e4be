// Worker-thread entry: owns one Moonshine model so that decoding (synchronous inside onnxruntime-node) never
// blocks the event loop that serves the sockets. It runs one job at a time; the scheduler in speech-engine.ts
// decides the order.
import { parentPort, workerData } from 'node:worker_threads';
import { MoonshineModel, type MoonshineOptions } from './moonshine-model';

export interface DecodeRequest {
  id: number;
  audio: Float32Array;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; id: number; text: string; confidence: number }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('moonshine-worker must run in a worker thread');

try {
  const model = await MoonshineModel.load(workerData as MoonshineOptions);
  port.on('message', (request: DecodeRequest) => {
    model.transcribe(request.audio).then(
      (transcript) =>
        port.postMessage({ type: 'result', id: request.id, ...transcript } satisfies WorkerMessage),
      (error: unknown) =>
        port.postMessage({ type: 'failed', id: request.id, message: String(error) } satisfies WorkerMessage),
    );
  });
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
} catch (error) {
  port.postMessage({ type: 'load-failed', message: String(error) } satisfies WorkerMessage);
}
