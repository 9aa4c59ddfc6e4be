/**
 * Distinct visitors over a window of days (docs/SPEC.md §3, docs/DESIGN.md §4): a HyperLogLog sketch per day,
 * merged over the window by taking each register's maximum. A day's sketch is 2^PRECISION small numbers, whatever
 * the traffic; merging 90 of them costs 90 reads; the estimate's standard error is 1.04/sqrt(2^PRECISION), about
 * 3%, and small counts (below about 2.5 x 1024) are counted almost exactly (linear counting). Exact sets were the
 * alternative: one item per visitor per day, keyed by a hash that must stay the same across the window, so it
 * would link one person's visits across 90 days and grow with the traffic. A register keeps only the longest run
 * of leading zero bits seen, so a sketch holds no visitor's hash.
 */

/** log2 of the number of registers. */
export const SKETCH_PRECISION = 10;
export const SKETCH_REGISTERS = 2 ** SKETCH_PRECISION;

/** The register a visitor's hash falls in and the rank it offers it (1 + leading zeros of the rest). */
export interface SketchUpdate {
  readonly register: number;
  readonly rank: number;
}

/** From at least 6 bytes of a uniformly distributed hash (an HMAC of the visitor). */
export function sketchUpdate(hash: Uint8Array): SketchUpdate {
  if (hash.length < 6) throw new Error('sketchUpdate: a hash of at least 6 bytes is needed');
  const register = ((hash[0]! << 8) | hash[1]!) >>> (16 - SKETCH_PRECISION);
  // The 32 bits after the register's, as one unsigned number; the bits between stay unused.
  const rest = ((hash[2]! << 24) | (hash[3]! << 16) | (hash[4]! << 8) | hash[5]!) >>> 0;
  return { register, rank: Math.clz32(rest) + 1 };
}

/** A day's registers as stored (register -> rank, missing ones 0). */
export type SketchRegisters = Readonly<Record<number, number>>;

/** The registers of several days as one sketch: each register's maximum. */
export function mergeSketches(days: readonly SketchRegisters[]): number[] {
  const merged = new Array<number>(SKETCH_REGISTERS).fill(0);
  for (const day of days)
    for (const [register, rank] of Object.entries(day)) {
      const index = Number(register);
      if (index >= 0 && index < SKETCH_REGISTERS && rank > merged[index]!) merged[index] = rank;
    }
  return merged;
}

/** The distinct visitors a merged sketch has seen (Flajolet et al., with the small-range correction). */
export function estimateDistinct(registers: readonly number[]): number {
  const m = registers.length;
  const alpha = 0.7213 / (1 + 1.079 / m);
  let sum = 0;
  let zeros = 0;
  for (const rank of registers) {
    sum += 2 ** -rank;
    if (rank === 0) zeros += 1;
  }
  const raw = (alpha * m * m) / sum;
  const estimate = raw <= 2.5 * m && zeros > 0 ? m * Math.log(m / zeros) : raw;
  return Math.round(estimate);
}
