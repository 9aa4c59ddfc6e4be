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
 * Images a worker reads before it is replaced by a fresh one (issue 26): the worker's WebAssembly heap only
 * grows (143 to 190 MB over 21 photos in one measurement, more in the soak), and a fresh worker costs about
 * 0.5-2.6 s once, so recycling bounds the memory for a small share of the time.
 */
export const OCR_RECYCLE_AFTER_IMAGES = 50;

interface RunningWorker {
  readonly worker: Promise<Worker>;
  reads: number;
  active: number;
  retired: boolean;
}

/**
 * One tesseract.js worker at a time, started on first use and reused for `recycleAfter` images; then the next
 * image starts a fresh one and the old one ends once its last read is done. A worker reads one image at a time,
 * in arrival order.
 */
export function createTesseractOcr(options: { readonly recycleAfter?: number } = {}): Ocr {
  const recycleAfter = options.recycleAfter ?? OCR_RECYCLE_AFTER_IMAGES;
  let current: RunningWorker | undefined;
  const started = (): RunningWorker => {
    current ??= { worker: startWorker(), reads: 0, active: 0, retired: false };
    return current;
  };
  const end = (running: RunningWorker) =>
    running.worker.then((worker) => worker.terminate()).catch(() => undefined);
  return {
    async read(image) {
      const running = started();
      running.reads += 1;
      running.active += 1;
      // The last image of this worker: the next one starts a fresh worker.
      if (running.reads >= recycleAfter && current === running) {
        current = undefined;
        running.retired = true;
      }
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
      await started().worker;
    },
    async close() {
      const running = current;
      current = undefined;
      if (running) await (await running.worker).terminate();
    },
  };
}

let shared: Ocr | undefined;

/** The process-wide OCR: one worker for every request. */
export function sharedOcr(): Ocr {
  shared ??= createTesseractOcr();
  return shared;
}
