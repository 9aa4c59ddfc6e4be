import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/** The languages whose data ships as @tesseract.js-data packages (engines/package.json): read offline. */
export const OCR_LANGUAGES = ['eng', 'fra', 'spa', 'deu', 'ita', 'por'] as const;
// The packages' integer-quantised LSTM models: as exact on printed menus as the full ones, at half the memory
// (about 190 MB against 380 MB for all six, measured) and a quarter of the bytes.
const MODEL_FOLDER = '4.0.0_best_int';

export interface Ocr {
  /** The text read from a JPEG, lines in reading order, blank lines dropped. */
  read(image: Buffer): Promise<string>;
  /** Starts the worker now (it costs about 0.5 s) rather than on the first photo. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Tesseract parameters set at init (tesseract.js passes any; its types list only the dictionary ones). The Italian
 * model names a word list it does not ship (`user_words_suffix special-words`): without this, every worker start
 * printed "Error: failed to load ./ita.special-words" to the operator's console.
 */
const INIT_PARAMETERS: Record<string, string> = { user_words_suffix: '' };

/**
 * tesseract.js wants one folder holding `<lang>.traineddata.gz` for every language, and each package keeps its
 * own: a temporary folder of links to them serves for loading and is removed once the worker has read them.
 * Nothing is fetched (the default langPath is a CDN) and nothing is cached (`cacheMethod: 'none'`).
 */
async function startWorker(): Promise<Worker> {
  const folder = await mkdtemp(join(tmpdir(), 'wayfarer-ocr-'));
  try {
    for (const code of OCR_LANGUAGES) {
      const packageFolder = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
      await symlink(
        join(packageFolder, MODEL_FOLDER, `${code}.traineddata.gz`),
        join(folder, `${code}.traineddata.gz`),
      );
    }
    return await createWorker(
      OCR_LANGUAGES.join('+'),
      OEM.LSTM_ONLY,
      { langPath: folder, cacheMethod: 'none', gzip: true },
      INIT_PARAMETERS,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Images a worker reads before it is replaced by a fresh one: the worker's WebAssembly heap only
 * grows (143 to 190 MB over 21 photos in one measurement, more in the soak). A fresh worker takes 0.5-2.6 s to
 * start on a quiet machine and 7-30 s under the soak's load, so it starts beside the old one, which reads on until
 * its successor is ready: no photo waits for a recycle.
 */
export const OCR_RECYCLE_AFTER_IMAGES = 50;

/** What the pool needs of a tesseract.js worker. */
export type OcrWorker = Pick<Worker, 'recognize' | 'terminate'>;

interface RunningWorker {
  readonly worker: Promise<OcrWorker>;
  reads: number;
  active: number;
  retired: boolean;
}

/**
 * One tesseract.js worker serves at a time, started on first use. After `recycleAfter` images a successor starts
 * in the background; the serving worker takes every image until the successor is ready, then ends once its
 * last read is done. At most two workers live at once, and only while the successor starts. A worker that fails
 * to start is started again by the next image.
 */
export function createTesseractOcr(
  options: { readonly recycleAfter?: number; readonly startWorker?: () => Promise<OcrWorker> } = {},
): Ocr {
  const recycleAfter = options.recycleAfter ?? OCR_RECYCLE_AFTER_IMAGES;
  const start = options.startWorker ?? startWorker;
  let current: RunningWorker | undefined;
  let successor: RunningWorker | undefined;
  const end = (running: RunningWorker) =>
    running.worker.then((worker) => worker.terminate()).catch(() => undefined);
  const launch = (): RunningWorker => {
    const running: RunningWorker = { worker: start(), reads: 0, active: 0, retired: false };
    running.worker.catch(() => {
      if (current === running) current = undefined;
      if (successor === running) successor = undefined;
    });
    return running;
  };
  const takeOver = (next: RunningWorker) => {
    if (successor !== next) return;
    const old = current;
    current = next;
    successor = undefined;
    if (old) {
      old.retired = true;
      if (old.active === 0) void end(old);
    }
  };
  const serving = (): RunningWorker => {
    current ??= launch();
    if (current.reads >= recycleAfter && !successor) {
      const next = launch();
      successor = next;
      next.worker.then(
        () => takeOver(next),
        () => undefined,
      );
    }
    return current;
  };
  return {
    async read(image) {
      const running = serving();
      running.reads += 1;
      running.active += 1;
      try {
        const { data } = await (await running.worker).recognize(image);
        return data.text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join('\n');
      } finally {
        running.active -= 1;
        if (running.retired && running.active === 0) await end(running);
      }
    },
    async ready() {
      await serving().worker;
    },
    async close() {
      const running = [current, successor];
      current = undefined;
      successor = undefined;
      await Promise.all(running.map((entry) => (entry ? end(entry) : undefined)));
    },
  };
}

let shared: Ocr | undefined;

/** The process-wide OCR: one worker for every request. */
export function sharedOcr(): Ocr {
  shared ??= createTesseractOcr();
  return shared;
}
