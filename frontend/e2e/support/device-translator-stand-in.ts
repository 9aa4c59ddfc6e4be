import type { Page } from '@playwright/test';

type Availability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

export interface DeviceTranslatorStandIn {
  /** Pairs as `source>target` and what availability() answers for each; any other pair is 'unavailable'. */
  readonly pairs: Record<string, Availability>;
  /** Word-for-word dictionaries per target language; a word not listed is kept as it is. */
  readonly words: Record<string, Record<string, string>>;
}

/**
 * A page-level stand-in for the browser's Translator and LanguageDetector globals, since no model can
 * be downloaded here. It follows the published interface: availability() answers the four states; create() takes
 * the pair, a `monitor` that receives `downloadprogress` events (`loaded` 0..1) and a `signal`; a pack that must be
 * downloaded is refused with NotAllowedError without transient user activation (the page must call it from a
 * gesture); translateStreaming() returns a ReadableStream of strings. The download waits for the test:
 * `window.__deviceTranslator.finishDownloads()` completes it, so the test sees the progress first.
 */
export async function installDeviceTranslator(page: Page, standIn: DeviceTranslatorStandIn): Promise<void> {
  await page.addInitScript((options: DeviceTranslatorStandIn) => {
    const pairs = { ...options.pairs };
    const pendingDownloads: (() => void)[] = [];
    const log = {
      created: [] as string[],
      refused: [] as string[],
      translated: [] as string[],
      outputs: [] as string[],
    };
    const translateWords = (text: string, target: string) =>
      text
        .split(/(\s+)/)
        .map((word) => {
          const bare = word.toLowerCase().replace(/[^\p{L}]/gu, '');
          return options.words[target]?.[bare] ?? word;
        })
        .join('');
    const progressEvent = (loaded: number) => {
      const event = new Event('downloadprogress');
      Object.defineProperty(event, 'loaded', { value: loaded });
      Object.defineProperty(event, 'total', { value: 1 });
      return event;
    };

    class Translator {
      readonly sourceLanguage: string;
      readonly targetLanguage: string;
      private constructor(sourceLanguage: string, targetLanguage: string) {
        this.sourceLanguage = sourceLanguage;
        this.targetLanguage = targetLanguage;
      }
      static async availability({
        sourceLanguage,
        targetLanguage,
      }: {
        sourceLanguage: string;
        targetLanguage: string;
      }) {
        return pairs[`${sourceLanguage}>${targetLanguage}`] ?? 'unavailable';
      }
      static async create(createOptions: {
        sourceLanguage: string;
        targetLanguage: string;
        monitor?: (monitor: EventTarget) => void;
        signal?: AbortSignal;
      }) {
        const { sourceLanguage, targetLanguage, monitor, signal } = createOptions;
        const key = `${sourceLanguage}>${targetLanguage}`;
        const state = pairs[key] ?? 'unavailable';
        if (state === 'unavailable') throw new DOMException(`${key} is not supported`, 'NotSupportedError');
        const target = new EventTarget();
        monitor?.(target);
        if (state === 'available') {
          target.dispatchEvent(progressEvent(0));
          target.dispatchEvent(progressEvent(1));
          log.created.push(key);
          return new Translator(sourceLanguage, targetLanguage);
        }
        if (!navigator.userActivation.isActive) {
          log.refused.push(key);
          throw new DOMException(
            'Requires a user gesture when availability is "downloadable"',
            'NotAllowedError',
          );
        }
        pairs[key] = 'downloading';
        return new Promise<Translator>((resolve, reject) => {
          signal?.addEventListener('abort', () => {
            pairs[key] = 'downloadable';
            reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
          });
          for (const loaded of [0, 0.25, 0.5]) target.dispatchEvent(progressEvent(loaded));
          pendingDownloads.push(() => {
            if (signal?.aborted) return;
            target.dispatchEvent(progressEvent(1));
            pairs[key] = 'available';
            log.created.push(key);
            resolve(new Translator(sourceLanguage, targetLanguage));
          });
        });
      }
      async translate(text: string) {
        log.translated.push(text);
        const output = translateWords(text, this.targetLanguage);
        log.outputs.push(output);
        return output;
      }
      translateStreaming(text: string) {
        log.translated.push(text);
        const output = translateWords(text, this.targetLanguage);
        log.outputs.push(output);
        const words = output.split(/(?<=\s)/);
        return new ReadableStream<string>({
          pull(controller) {
            const next = words.shift();
            if (next === undefined) controller.close();
            else controller.enqueue(next);
          },
        });
      }
      destroy() {}
    }

    class LanguageDetector {
      static async availability() {
        return 'available';
      }
      static async create() {
        return new LanguageDetector();
      }
      async detect(text: string) {
        // Enough for these tests: the phrases are English.
        return [{ detectedLanguage: /[a-z]/i.test(text) ? 'en' : 'und', confidence: 0.9 }];
      }
      destroy() {}
    }

    Object.assign(globalThis, {
      Translator,
      LanguageDetector,
      __deviceTranslator: {
        log,
        finishDownloads: () => pendingDownloads.splice(0).forEach((finish) => finish()),
        pendingDownloads: () => pendingDownloads.length,
      },
    });
  }, standIn);
}

interface StandInLog {
  readonly created: string[];
  readonly refused: string[];
  readonly translated: string[];
  readonly outputs: string[];
}

/** What the stand-in saw: packs created, creations refused for want of a gesture, phrases in and translations out. */
export function deviceTranslatorLog(page: Page): Promise<StandInLog> {
  return page.evaluate(
    () => (globalThis as unknown as { __deviceTranslator: { log: StandInLog } }).__deviceTranslator.log,
  );
}

/**
 * A browser without the on-device APIs (Firefox, Safari, Chrome on phones). Debian's Chromium 156 has the globals
 * and answers 'downloadable' for most pairs (it cannot download here), so a test about a server without a
 * translation engine, in a browser that cannot help, removes them.
 */
export async function hideDeviceTranslator(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const global = globalThis as Record<string, unknown>;
    delete global.Translator;
    delete global.LanguageDetector;
  });
}

export function finishDeviceDownloads(page: Page) {
  return page.evaluate(() =>
    (
      globalThis as unknown as { __deviceTranslator: { finishDownloads(): void } }
    ).__deviceTranslator.finishDownloads(),
  );
}
