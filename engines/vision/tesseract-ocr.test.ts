import { describe, expect, it } from 'vitest';
import { createTesseractOcr, type OcrWorker } from './tesseract-ocr';

/** A worker whose start the test releases, naming itself in the text it reads. */
function fakeWorkers() {
  const started: { name: string; ready: () => void; fail: (error: Error) => void; terminated: boolean }[] =
    [];
  const startWorker = () =>
    new Promise<OcrWorker>((resolve, reject) => {
      const entry = {
        name: `worker ${started.length + 1}`,
        terminated: false,
        ready: () => resolve(worker),
        fail: reject,
      };
      const worker = {
        recognize: async () => ({ data: { text: entry.name } }),
        terminate: async () => {
          entry.terminated = true;
        },
      } as unknown as OcrWorker;
      started.push(entry);
    });
  return { started, startWorker };
}

const IMAGE = Buffer.from('jpeg');

describe('the OCR worker pool', () => {
  it('never makes a photo wait for a recycle: the old worker reads on until its successor has started', async () => {
    const { started, startWorker } = fakeWorkers();
    const ocr = createTesseractOcr({ recycleAfter: 2, startWorker });
    const first = ocr.read(IMAGE);
    started[0]?.ready();
    expect(await first).toBe('worker 1');
    expect(await ocr.read(IMAGE)).toBe('worker 1');
    // Its quota is read: the next photo starts a successor, and is read by the old worker meanwhile.
    expect(await ocr.read(IMAGE)).toBe('worker 1');
    expect(started).toHaveLength(2);
    expect(await ocr.read(IMAGE)).toBe('worker 1');
    started[1]?.ready();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ocr.read(IMAGE)).toBe('worker 2');
    expect(started[0]?.terminated).toBe(true);
    expect(started).toHaveLength(2);
    await ocr.close();
  });

  it('ends the old worker only once its last read is done', async () => {
    const { started, startWorker } = fakeWorkers();
    const ocr = createTesseractOcr({ recycleAfter: 1, startWorker });
    const first = ocr.read(IMAGE);
    started[0]?.ready();
    await first;
    const inFlight = ocr.read(IMAGE);
    started[1]?.ready();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await inFlight).toBe('worker 1');
    expect(started[0]?.terminated).toBe(true);
    expect(await ocr.read(IMAGE)).toBe('worker 2');
    await ocr.close();
    expect(started[1]?.terminated).toBe(true);
  });

  it('starts a worker again on the next photo when one failed to start', async () => {
    const { started, startWorker } = fakeWorkers();
    const ocr = createTesseractOcr({ startWorker });
    const first = ocr.read(IMAGE);
    started[0]?.fail(new Error('out of memory'));
    await expect(first).rejects.toThrow('out of memory');
    const second = ocr.read(IMAGE);
    started[1]?.ready();
    expect(await second).toBe('worker 2');
    await ocr.close();
  });
});
