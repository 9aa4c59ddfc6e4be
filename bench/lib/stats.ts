// The figures the benchmarks share: percentiles, the median and a sampler of the machine's load. It lives below
// bench/ because `npm run bench` (run.ts) runs every file at the top of the folder as a benchmark.
import { loadavg } from 'node:os';

/**
 * Which value of the sorted list a percentile picks; the benchmarks have printed both, so each keeps its own.
 * - `nearest-rank`: the value at rank ⌈share × n⌉ (index ⌈share × n⌉ − 1): the smallest value with at least
 *   that share of the values at or below it; for an even count, p50 is the lower of the two middle values.
 * - `floor-index`: the value at index ⌊share × n⌋, clamped to the last; for an even count, p50 is the upper
 *   of the two middle values.
 */
export type PercentileRule = 'nearest-rank' | 'floor-index';

const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The `share` (0 to 1) percentile of `values` by `rule`, in any order; NaN for no values. */
export function percentile(values: readonly number[], share: number, rule: PercentileRule): number {
  const sorted = ascending(values);
  if (sorted.length === 0) return Number.NaN;
  const index =
    rule === 'nearest-rank' ? Math.ceil(share * sorted.length) - 1 : Math.floor(share * sorted.length);
  return sorted[Math.max(0, Math.min(sorted.length - 1, index))] ?? Number.NaN;
}

/** The median of `values`, in any order: the middle one, or the mean of the two middle ones; NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = ascending(values);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The one-minute load average now (0 where the platform has none). */
export const currentLoad = (): number => loadavg()[0] ?? 0;

/** The 1, 5 and 15 minute load averages as a bench prints them: "3.41 2.98 2.10". */
export const loadAverages = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Samples the one-minute load average once a second until `stop()`, which returns the samples (none when it
 * ran for less than a second): the machine is shared, and a figure means little without the load beside it.
 */
export function sampleLoad(): { readonly stop: () => number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(currentLoad()), 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}
