import { describe, expect, it } from 'vitest';
import { unavailableTranslator } from '@wayfarer/lambdas/adapters/cloud/openai-translator';
import {
  NO_TRANSLATION_ENGINE,
  TRANSLATION_UNAVAILABLE,
} from '@wayfarer/shared/domain/error-keys';
import type { Translator } from '@wayfarer/lambdas/ports/translate';
import { embeddedAnalyzer } from '../analysis/embedded-analyzer';
import { createEmbeddedVision } from './embedded-vision';
import type { Ocr } from './tesseract-ocr';

// The engine's own rules; the OCR itself is read from a real photo in lambdas/functions/vision/handler.int.test.ts.

const MENU_TEXT = 'Croque monsieur 8,50 €\nCafé crème 3,20 €';
const ocrReading = (text: string): Ocr => ({
  read: () => Promise.resolve(text),
  ready: () => Promise.resolve(),
  close: () => Promise.resolve(),
});
const translating = (translate: Translator['translate']): Translator => ({ available: true, translate });
const read = (ocr: Ocr, translator: Translator) =>
  createEmbeddedVision({
    ocr,
    translator: () => Promise.resolve(translator),
    analyzer: embeddedAnalyzer,
  }).readImage({
    image: Buffer.alloc(0),
    contentType: 'image/jpeg',
    targetLanguage: 'en',
  });

describe('embedded vision', () => {
  it('translates the OCR text into the target language and finds its prices', async () => {
    const seen: string[] = [];
    const reply = await read(
      ocrReading(MENU_TEXT),
      translating(async function* ({ text, outputLanguage }) {
        seen.push(`${outputLanguage}:${text}`);
        yield 'Toasted ham and cheese 8.50 €\n';
        yield 'White coffee 3.20 €';
      }),
    );
    expect(seen).toEqual([`en:${MENU_TEXT}`]);
    expect(reply.translatedText).toBe('Toasted ham and cheese 8.50 €\nWhite coffee 3.20 €');
    expect(reply.prices.map((price) => [price.amount, price.currency])).toEqual([
      [8.5, 'EUR'],
      [3.2, 'EUR'],
    ]);
  });

  it('still returns the text and prices without a translation engine, saying so where the translation goes', async () => {
    const reply = await read(ocrReading(MENU_TEXT), unavailableTranslator('none'));
    expect(reply).toMatchObject({ originalText: MENU_TEXT, translatedText: NO_TRANSLATION_ENGINE });
    expect(reply.prices).toHaveLength(2);
  });

  it('still returns the text and prices when the translator fails', async () => {
    const reply = await read(
      ocrReading(MENU_TEXT),
      translating(async function* () {
        yield* [];
        throw new Error('model down');
      }),
    );
    expect(reply).toMatchObject({ originalText: MENU_TEXT, translatedText: TRANSLATION_UNAVAILABLE });
  });

  it('answers empty texts for a photo without text, without asking the translator', async () => {
    const reply = await read(
      ocrReading(''),
      translating(() => {
        throw new Error('not to be called');
      }),
    );
    expect(reply).toEqual({ originalText: '', translatedText: '', prices: [] });
  });
});
