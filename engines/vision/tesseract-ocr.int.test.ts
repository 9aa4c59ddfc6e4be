import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTesseractOcr } from './tesseract-ocr';

const MENU = fileURLToPath(new URL('../../frontend/e2e/fixtures/menu.mjpeg', import.meta.url));

describe('the OCR worker', () => {
  it('is replaced by a fresh one after its quota of images, reading the same text, also with reads in flight', async () => {
    const image = await readFile(MENU);
    const ocr = createTesseractOcr({ recycleAfter: 2 });
    try {
      const first = await ocr.read(image);
      expect(first).toContain('€');
      // The second read retires the worker while the third already needs the next one.
      const [second, third] = await Promise.all([ocr.read(image), ocr.read(image)]);
      expect(second).toBe(first);
      expect(third).toBe(first);
      expect(await ocr.read(image)).toBe(first);
    } finally {
      await ocr.close();
    }
  }, 60_000);
});
