import { describe, expect, it } from 'vitest';
import { PCM16_CHUNK_SAMPLES, Pcm16Chunker } from './audio-capture-pcm';

// The chunker's behaviour, with 50 ms chunks (800 samples) whatever the app's interval is.
const CHUNK = 800;

function collect(sourceRate: number, blocks: Float32Array[]) {
  const chunks: Int16Array[] = [];
  const chunker = new Pcm16Chunker(sourceRate, 16000, CHUNK, (chunk) => chunks.push(chunk));
  for (const block of blocks) chunker.push(block);
  return chunks;
}

// Render quanta are 128 frames.
function blocksOf(samples: number, value: (index: number) => number): Float32Array[] {
  const blocks: Float32Array[] = [];
  for (let start = 0; start < samples; start += 128) {
    blocks.push(Float32Array.from({ length: Math.min(128, samples - start) }, (_, i) => value(start + i)));
  }
  return blocks;
}

describe('Pcm16Chunker', () => {
  it('a 20 ms chunk is 320 samples', () => {
    expect(PCM16_CHUNK_SAMPLES).toBe(320);
  });

  it('emits one chunk per 800 samples at 16 kHz, keeping the remainder for the next', () => {
    const chunks = collect(
      16000,
      blocksOf(2_000, () => 0.5),
    );
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toHaveLength(800);
    expect(chunks[0]?.[0]).toBe(Math.round(0.5 * 0x7fff));
  });

  it('converts to signed 16-bit with clipping', () => {
    const values = [1, -1, 2, -2, 0];
    const chunks = collect(
      16000,
      blocksOf(4000, (i) => values[i % values.length] ?? 0),
    );
    expect(Array.from(chunks[0]?.slice(0, 5) ?? [])).toEqual([32767, -32768, 32767, -32768, 0]);
  });

  it('downsamples 48 kHz to 16 kHz: one second gives twenty chunks', () => {
    const chunks = collect(
      48000,
      blocksOf(48000, () => 0.3),
    );
    expect(chunks).toHaveLength(20);
    expect(chunks[19]?.[799]).toBe(Math.round(0.3 * 0x7fff));
  });

  it('downsamples 44.1 kHz to 16 kHz : two seconds give forty chunks', () => {
    const chunks = collect(
      44100,
      blocksOf(44100 * 2 + 100, () => 0.1),
    );
    const total = chunks.length * 800;
    expect(total).toBe(32000);
  });

  it('flush emits the partial chunk at once, so stopping loses none of the last words', () => {
    const chunks: Int16Array[] = [];
    const chunker = new Pcm16Chunker(16000, 16000, CHUNK, (chunk) => chunks.push(chunk));
    for (const block of blocksOf(1_000, () => 0.5)) chunker.push(block);
    chunker.flush();
    expect(chunks.map((chunk) => chunk.length)).toEqual([800, 200]);
    chunker.flush();
    expect(chunks).toHaveLength(2);
  });
});
