import type { Analyzer } from '@wayfarer/lambdas/ports/analysis';
import type { Translator } from '@wayfarer/lambdas/ports/translate';
import type { Vision } from '@wayfarer/lambdas/ports/vision';
import {
  NO_TRANSLATION_ENGINE,
  TRANSLATION_UNAVAILABLE,
} from '@wayfarer/shared/domain/error-keys';
import type { Ocr } from './tesseract-ocr';

export interface EmbeddedVisionPorts {
  readonly ocr: Ocr;
  readonly translator: () => Promise<Translator>;
  readonly analyzer: Analyzer;
}

/** The translation, or a plain sentence saying why there is none: the traveller reads it where the translation goes. */
async function translationOf(
  source: () => Promise<Translator>,
  text: string,
  outputLanguage: string,
): Promise<string> {
  try {
    const translator = await source();
    if (!translator.available) return NO_TRANSLATION_ENGINE;
    let translation = '';
    for await (const chunk of translator.translate({ text, outputLanguage })) translation += chunk;
    return translation;
  } catch {
    // A model down or a broken stream: the OCR text and prices still answer; the text is never logged.
    return TRANSLATION_UNAVAILABLE;
  }
}

/**
 * The embedded photo engine (docs/DESIGN.md §6): tesseract.js reads the text, the configured translator
 * translates it, the rule-based analyser finds its prices. Translation is optional here (no offline engine
 * exists, docs/ENGINES.md): without one, or when it fails, the text and its prices are still worth having, so
 * translatedText says plainly that translation is unavailable rather than the whole photo failing.
 */
export function createEmbeddedVision(ports: EmbeddedVisionPorts): Vision {
  return {
    async readImage({ image, targetLanguage }) {
      const originalText = await ports.ocr.read(image);
      if (originalText === '') return { originalText, translatedText: '', prices: [] };
      const [translatedText, prices] = await Promise.all([
        translationOf(ports.translator, originalText, targetLanguage),
        ports.analyzer.prices(originalText),
      ]);
      return { originalText, translatedText, prices };
    },
  };
}
