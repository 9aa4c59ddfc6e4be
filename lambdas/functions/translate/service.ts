import { TRANSLATE_CHUNK_PREFIX, TRANSLATE_ERROR_PREFIX } from '@wayfarer/shared/api/voice-output';
import { CAPABILITY_UNAVAILABLE_KEYS, TRANSLATION_INTERRUPTED } from '@wayfarer/shared/domain/error-keys';
import { isAvailableLanguage } from '@wayfarer/shared/domain/languages';
import { CapabilityUnavailableError, ValidationError } from '../../http/errors';
import { errorFields, type Logger } from '../../logger';
import type { Translator } from '../../ports/translate';

export interface TranslateInput {
  readonly text: string;
  readonly outputLanguage: string;
  /** Aborts the upstream request: the client went away, or the function is about to time out. */
  readonly signal: AbortSignal;
}

export interface TranslatePorts {
  readonly translator: Translator;
  readonly logger: Logger;
  /**
   * Charges the text's characters to the caller's daily ceiling before the engine is called; throws the 429
   * when it is reached (domain/daily-ceilings.ts).
   */
  readonly charge: (characters: number) => Promise<void>;
}

const line = (prefix: string, text: string) => `${prefix}${JSON.stringify(text)}\n`;

/**
 * Starts the translation and waits for its first chunk, so a failure before any text still answers a status
 * (503 CapabilityUnavailable); after that, each chunk is one `0:"..."` line, and a failure ends the stream with one
 * `3:"..."` line. Texts and translations are never logged.
 */
export async function startTranslation(
  ports: TranslatePorts,
  input: TranslateInput,
): Promise<AsyncIterable<string>> {
  if (!isAvailableLanguage(input.outputLanguage)) {
    throw new ValidationError('outputLanguage: Not one of the available output languages');
  }
  if (!ports.translator.available) {
    throw new CapabilityUnavailableError(CAPABILITY_UNAVAILABLE_KEYS.translate, {
      reason: 'no translation engine: GET /api/capabilities and the README say what to set',
    });
  }
  await ports.charge(input.text.length);
  const translation = ports.translator.translate({
    text: input.text,
    outputLanguage: input.outputLanguage,
    signal: input.signal,
  });
  const chunks = translation[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await chunks.next();
  } catch (error) {
    // The error handler logs the cause with the 503.
    throw new CapabilityUnavailableError(CAPABILITY_UNAVAILABLE_KEYS.translate, { cause: error });
  }
  return (async function* lines() {
    if (first.done) return;
    yield line(TRANSLATE_CHUNK_PREFIX, first.value);
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        yield line(TRANSLATE_CHUNK_PREFIX, next.value);
      }
    } catch (error) {
      // The client stopped listening: nobody is left to tell.
      if (input.signal.aborted) return;
      ports.logger.warn('translation failed mid-stream', errorFields(error));
      yield line(TRANSLATE_ERROR_PREFIX, TRANSLATION_INTERRUPTED);
    }
  })();
}
