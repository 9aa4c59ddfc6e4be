import { DEVICE_TRANSLATION_KEYS } from '@wayfarer/shared/domain/error-keys';
import type { DeviceAvailability } from './translation-engine';

/*
 * The browser's on-device Translator and Language Detector APIs (Chrome 138+, Edge 148+ on desktop):
 * the text never leaves the device. Only the interface this file uses is typed here; the globals are absent in
 * every other browser, which `translatorApi()` reports as undefined. Loaded on the first press, not with `/`.
 */

interface PairOptions {
  readonly sourceLanguage: string;
  readonly targetLanguage: string;
}

/** The `monitor` argument: download progress arrives as `downloadprogress` events whose `loaded` is 0..1. */
export interface DownloadMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: { loaded: number }) => void): void;
}

interface BrowserTranslator {
  translate(text: string, options?: { signal?: AbortSignal }): Promise<string>;
  translateStreaming?(text: string, options?: { signal?: AbortSignal }): ReadableStream<string>;
  destroy(): void;
}

export interface TranslatorApi {
  availability(options: PairOptions): Promise<DeviceAvailability>;
  create(
    options: PairOptions & { monitor?: (monitor: DownloadMonitor) => void; signal?: AbortSignal },
  ): Promise<BrowserTranslator>;
}

interface LanguageDetectorApi {
  create(options?: { signal?: AbortSignal }): Promise<{
    detect(
      text: string,
      options?: { signal?: AbortSignal },
    ): Promise<readonly { detectedLanguage: string; confidence: number }[]>;
    destroy?(): void;
  }>;
}

type DeviceGlobals = { Translator?: TranslatorApi; LanguageDetector?: LanguageDetectorApi };

export function translatorApi(): TranslatorApi | undefined {
  return (globalThis as DeviceGlobals).Translator;
}

/** A detected language is trusted above this confidence; below it the traveller's own language is assumed. */
const DETECTION_CONFIDENCE = 0.6;

/** Thrown when the device cannot translate a phrase; `message` is a translated message key (docs/SPEC.md §8). */
export class DeviceTranslationError extends Error {
  constructor(
    message: (typeof DEVICE_TRANSLATION_KEYS)[keyof typeof DEVICE_TRANSLATION_KEYS],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DeviceTranslationError';
  }
}

export interface DevicePair {
  /** The language the phrase is assumed to be in when the detector is absent or unsure. */
  readonly source: string;
  readonly target: string;
}

export interface DeviceTranslation {
  /**
   * Creates the pair's translator, downloading its language pack if need be. Call it from the traveller's gesture
   * (the Start press, the switch): a download without one is refused by the browser. Rejects with an AbortError
   * when `signal` aborts (the traveller's Cancel).
   */
  prepare(pair: DevicePair, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<void>;
  /** Translates one phrase, streaming its chunks to `onChunk`, and resolves the whole translation. */
  translate(
    text: string,
    pair: DevicePair,
    signal: AbortSignal,
    onChunk: (text: string) => void,
  ): Promise<string>;
  /** What the browser says of the pair (the same language both sides is 'available'; an error, 'unavailable'). */
  availability(pair: DevicePair): Promise<DeviceAvailability>;
  /** The text's language by the browser's detector when it is sure, else `fallback`. */
  detectLanguage(text: string, fallback: string, signal: AbortSignal): Promise<string>;
  /**
   * Of `candidates`, the target languages this device can translate `source` into (installed or downloadable);
   * with `bothWays` (a two-way conversation), only those it can also translate back into `source`.
   */
  targetsFor(
    source: string,
    candidates: readonly string[],
    options?: { readonly bothWays?: boolean },
  ): Promise<string[]>;
  dispose(): void;
}

function languagePart(code: string): string {
  return code.split('-')[0]?.toLowerCase() ?? code;
}

/** One translator per pair, kept for the page's life: creating one again is cheap once its pack is installed. */
export function createDeviceTranslation(
  api: TranslatorApi,
  detectorApi: LanguageDetectorApi | undefined = (globalThis as DeviceGlobals).LanguageDetector,
): DeviceTranslation {
  const translators = new Map<string, Promise<BrowserTranslator>>();
  let detector: ReturnType<LanguageDetectorApi['create']> | undefined;

  function translatorFor(
    sourceLanguage: string,
    targetLanguage: string,
    options: { monitor?: (monitor: DownloadMonitor) => void; signal?: AbortSignal } = {},
  ): Promise<BrowserTranslator> {
    const key = `${sourceLanguage}>${targetLanguage}`;
    let translator = translators.get(key);
    if (!translator) {
      translator = api.create({ sourceLanguage, targetLanguage, ...options });
      translators.set(key, translator);
      // A refused or cancelled creation is forgotten, so the next gesture can try again.
      translator.catch(() => translators.delete(key));
    }
    return translator;
  }

  async function sourceOf(text: string, fallback: string, signal: AbortSignal): Promise<string> {
    if (!detectorApi) return fallback;
    try {
      detector ??= detectorApi.create();
      const [best] = await (await detector).detect(text, { signal });
      return best && best.confidence >= DETECTION_CONFIDENCE && best.detectedLanguage !== 'und'
        ? languagePart(best.detectedLanguage)
        : fallback;
    } catch {
      // A detector that cannot run leaves the traveller's own language as the guess.
      detector = undefined;
      return fallback;
    }
  }

  return {
    async prepare(pair, onProgress, signal) {
      if (pair.source === pair.target) return;
      const translator = translatorFor(pair.source, pair.target, {
        signal,
        monitor: (monitor) =>
          monitor.addEventListener('downloadprogress', (event) => onProgress(event.loaded)),
      });
      await translator;
      onProgress(1);
    },

    async translate(text, pair, signal, onChunk) {
      const source = await sourceOf(text, pair.source, signal);
      // Words already in the output language need no model (a two-way phrase misheard as the other side's).
      if (source === pair.target) {
        onChunk(text);
        return text;
      }
      let translator: BrowserTranslator;
      try {
        translator = await translatorFor(source, pair.target, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        // Not installed, and no gesture to start its download: the Start press prepares the traveller's pair.
        throw new DeviceTranslationError(DEVICE_TRANSLATION_KEYS.notReady, { cause: error });
      }
      try {
        if (!translator.translateStreaming) {
          const whole = await translator.translate(text, { signal });
          onChunk(whole);
          return whole;
        }
        let translation = '';
        const reader = translator.translateStreaming(text, { signal }).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // Early implementations sent the whole text so far in each chunk; the specification sends what is new.
          const piece =
            translation !== '' && value.startsWith(translation) ? value.slice(translation.length) : value;
          if (piece === '') continue;
          translation += piece;
          onChunk(piece);
        }
        return translation;
      } catch (error) {
        if (signal.aborted) throw error;
        throw new DeviceTranslationError(DEVICE_TRANSLATION_KEYS.failed, { cause: error });
      }
    },

    async availability(pair) {
      if (pair.source === pair.target) return 'available';
      try {
        return await api.availability({ sourceLanguage: pair.source, targetLanguage: pair.target });
      } catch {
        return 'unavailable';
      }
    },

    detectLanguage: sourceOf,

    async targetsFor(source, candidates, options = {}) {
      const works = async (sourceLanguage: string, targetLanguage: string) => {
        try {
          return (await api.availability({ sourceLanguage, targetLanguage })) !== 'unavailable';
        } catch {
          return false;
        }
      };
      const answers = await Promise.all(
        candidates.map(async (target) => {
          if (target === source) return undefined;
          const [there, back] = await Promise.all([
            works(source, target),
            options.bothWays ? works(target, source) : true,
          ]);
          return there && back ? target : undefined;
        }),
      );
      return answers.filter((target): target is string => target !== undefined);
    },

    dispose() {
      for (const translator of translators.values())
        void translator.then((instance) => instance.destroy()).catch(() => undefined);
      translators.clear();
      void detector?.then((instance) => instance.destroy?.()).catch(() => undefined);
      detector = undefined;
    },
  };
}
