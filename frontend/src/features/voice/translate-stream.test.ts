import { describe, expect, it } from 'vitest';
import { parseTranslateLine, readTranslateStream, TranslateStreamError } from './translate-stream';

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe('the translate stream (docs/SPEC.md §7, §8)', () => {
  it('a line starting with "0:" carries a JSON string chunk', () => {
    expect(parseTranslateLine('0:"Bonjour, \\"ami\\"\\n"')).toEqual({
      kind: 'chunk',
      text: 'Bonjour, "ami"\n',
    });
  });

  it('a line starting with "3:" carries the message of a failure mid-stream', () => {
    expect(parseTranslateLine('3:"translation unavailable"')).toEqual({
      kind: 'error',
      message: 'translation unavailable',
    });
  });

  it('other lines and malformed chunks are skipped', () => {
    expect(parseTranslateLine('')).toEqual({ kind: 'ignored' });
    expect(parseTranslateLine('2:{}')).toEqual({ kind: 'ignored' });
    expect(parseTranslateLine('0:not json')).toEqual({ kind: 'ignored' });
  });

  it('chunks are appended in order as they arrive, even when a line spans reads', async () => {
    const seen: string[] = [];
    const text = await readTranslateStream(
      streamOf('0:"Bon', 'jour"\n0:" le ', 'monde"\n', '0:"."'),
      (chunk) => seen.push(chunk),
    );
    expect(seen).toEqual(['Bonjour', ' le monde', '.']);
    expect(text).toBe('Bonjour le monde.');
  });

  it('an error line ends the stream with its message, after the chunks before it', async () => {
    const seen: string[] = [];
    const reading = readTranslateStream(streamOf('0:"Bon"\n3:"upstream failed"\n'), (chunk) =>
      seen.push(chunk),
    );
    await expect(reading).rejects.toEqual(new TranslateStreamError('upstream failed'));
    expect(seen).toEqual(['Bon']);
  });
});
