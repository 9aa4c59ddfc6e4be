import { getTranslator } from '@wayfarer/lambdas/providers';
import { embeddedAnalyzer } from '../analysis/embedded-analyzer';
import type { Engine } from '../engine';
import { createEmbeddedVision } from './embedded-vision';
import { sharedOcr } from './tesseract-ocr';

/**
 * Photos offline: one tesseract.js worker per process, started by the first photo (or by `warm`, 0.5-2.6 s,
 * docs/ENGINES.md); the text goes through the configured translator and the rule-based analyser.
 */
export const visionEngine: Engine<'vision'> = {
  capability: 'vision',
  provider: () =>
    createEmbeddedVision({ ocr: sharedOcr(), translator: getTranslator, analyzer: embeddedAnalyzer }),
  warm: () => sharedOcr().ready(),
  // The OCR worker thread would keep the process alive: it ends with the local cloud (the next start re-creates it).
  close: () => sharedOcr().close(),
};
