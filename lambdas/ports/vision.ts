import type { Price } from '@wayfarer/shared/api/analysis';

// Photo translation: OpenAI vision, or the embedded OCR with the translator and the price analyser.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface Vision {
  readImage(input: {
    readonly image: Buffer;
    readonly contentType: string;
    readonly targetLanguage: string;
  }): Promise<{
    readonly originalText: string;
    readonly translatedText: string;
    readonly prices: readonly Price[];
  }>;
}
