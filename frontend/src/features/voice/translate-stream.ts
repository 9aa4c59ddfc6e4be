import { TRANSLATE_CHUNK_PREFIX, TRANSLATE_ERROR_PREFIX } from '@wayfarer/shared/api/voice-output';

export type TranslateLine =
  | { readonly kind: 'chunk'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ignored' };

function jsonString(payload: string): string | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One line of the translate stream (docs/SPEC.md §7): `0:` carries a JSON string chunk, `3:` the message of a
 * failure after the first chunk (docs/SPEC.md §8); anything else (blank lines, future kinds) is skipped.
 */
export function parseTranslateLine(line: string): TranslateLine {
  if (line.startsWith(TRANSLATE_CHUNK_PREFIX)) {
    const text = jsonString(line.slice(TRANSLATE_CHUNK_PREFIX.length));
    return text === undefined ? { kind: 'ignored' } : { kind: 'chunk', text };
  }
  if (line.startsWith(TRANSLATE_ERROR_PREFIX)) {
    const message = jsonString(line.slice(TRANSLATE_ERROR_PREFIX.length));
    return { kind: 'error', message: message ?? '' };
  }
  return { kind: 'ignored' };
}

/** Thrown when the stream ends with an error line; `message` is what the server wants shown. */
export class TranslateStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslateStreamError';
  }
}

/**
 * Reads a translate response line by line as bytes arrive, calling `onChunk` with each text chunk at once (a
 * line may span network reads), and resolves the whole translation. An error line rejects with its message.
 */
export async function readTranslateStream(
  body: ReadableStream<Uint8Array>,
  onChunk: (text: string) => void,
): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let translation = '';
  const take = (line: string) => {
    const parsed = parseTranslateLine(line);
    if (parsed.kind === 'error') throw new TranslateStreamError(parsed.message);
    if (parsed.kind !== 'chunk') return;
    translation += parsed.text;
    onChunk(parsed.text);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) take(line);
    }
    take(pending + decoder.decode());
    return translation;
  } finally {
    reader.releaseLock();
  }
}
