// Translation: any OpenAI-compatible server (docs/ENGINES.md: no embedded engine).
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface Translator {
  /** False when no engine is configured: the UI explains how to enable translation (docs/ENGINES.md). */
  readonly available: boolean;
  /** Yields translated text chunks as the engine produces them. */
  translate(input: {
    readonly text: string;
    readonly outputLanguage: string;
    readonly signal?: AbortSignal;
  }): AsyncIterable<string>;
}
