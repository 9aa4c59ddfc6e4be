import { getTranslator, type EmbeddedEngines } from '@wayfarer/lambdas/providers';
import { embeddedAnalyzer } from './analysis/embedded-analyzer';
import { createLocalBilling } from './billing/local-stripe';
import { sharedEspeakSpeaker } from './tts/espeak-speaker';
import { createEmbeddedVision } from './vision/embedded-vision';
import { sharedOcr } from './vision/tesseract-ocr';

/**
 * The heavy offline engines (onnx, wasm, OCR, gazetteers) behind each capability's `embedded` choice in
 * lambdas/providers.ts. They live here, in the local cloud, so no Lambda bundle can ever carry them; the local
 * cloud registers them before it serves. A capability that brings an embedded engine adds one entry. Speech to
 * text needs none: its embedded key issuer is a small HMAC in lambdas, and the Moonshine model runs behind the
 * local speech socket (local-routes.ts).
 */
export const embeddedEngines: EmbeddedEngines = {
  // Stripe's API in this process, with local checkout and portal pages (billing/).
  billing: createLocalBilling,
  analysis: () => embeddedAnalyzer,
  // One espeak-ng worker per process, started by the first phrase (not at start: most sessions never speak).
  tts: () => sharedEspeakSpeaker(),
  // One tesseract.js worker per process, started by the first photo; text through the configured translator.
  vision: () =>
    createEmbeddedVision({ ocr: sharedOcr(), translator: getTranslator, analyzer: embeddedAnalyzer }),
};
