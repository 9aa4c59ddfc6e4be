import { describe, expect, it } from 'vitest';
import { estimateDistinct, mergeSketches, sketchUpdate, type SketchRegisters } from './visitor-sketch';

/** 8 well-mixed bytes of a string (two 32-bit FNV-1a runs through murmur3's finaliser), as an HMAC would give. */
function hashOf(visitor: string): Uint8Array {
  const mix = (seed: number) => {
    let h = seed >>> 0;
    for (let index = 0; index < visitor.length; index += 1)
      h = Math.imul(h ^ visitor.charCodeAt(index), 16777619);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, mix(2166136261));
  view.setUint32(4, mix(0x9e3779b9));
  return bytes;
}

/** One day's sketch of these visitors, as the store keeps it (register -> highest rank). */
function daySketch(visitors: readonly string[]): SketchRegisters {
  const registers: Record<number, number> = {};
  for (const visitor of visitors) {
    const { register, rank } = sketchUpdate(hashOf(visitor));
    registers[register] = Math.max(registers[register] ?? 0, rank);
  }
  return registers;
}

describe('distinct visitors over a window', () => {
  it('a visitor on 5 days counts once', () => {
    const days = Array.from({ length: 5 }, () => daySketch(['203.0.113.7']));
    expect(estimateDistinct(mergeSketches(days))).toBe(1);
  });

  it('visitors who come back are counted once, new ones add up', () => {
    const regulars = Array.from({ length: 40 }, (_, index) => `regular-${index}`);
    const days = Array.from({ length: 30 }, (_, day) => daySketch([...regulars, `new-on-day-${day}`]));
    // 70 distinct, where adding up each day's count would say 1,230; two visitors may share a register (~3%).
    expect(Math.abs(estimateDistinct(mergeSketches(days)) - 70)).toBeLessThanOrEqual(3);
  });

  it('a large window stays within the sketch’s error (about 3%)', () => {
    const days = Array.from({ length: 90 }, (_, day) =>
      daySketch(Array.from({ length: 200 }, (_, index) => `visitor-${(day * 97 + index) % 5000}`)),
    );
    const estimate = estimateDistinct(mergeSketches(days));
    expect(Math.abs(estimate - 5000) / 5000).toBeLessThan(0.1);
  });

  it('no visitor, no count', () => {
    expect(estimateDistinct(mergeSketches([]))).toBe(0);
  });
});
