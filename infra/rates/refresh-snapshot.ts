/**
 * `npm run rates:refresh`: replaces the shipped exchange-rate snapshot (lambdas/adapters/local/
 * ecb-rates-snapshot.json) with the ECB's latest daily reference rates, when the ECB answers. The ECB's file is
 * public and keyless. Nothing depends on it: unreachable, refused or older, the snapshot stays as it is and the
 * script says so and exits 0, so a build on a machine without network goes on with the dated snapshot (which
 * the price card labels as a snapshot). `npm run build:release` runs it before the build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ECB_DAILY_RATES_URL, parseEcbDailyXml } from '@wayfarer/lambdas/adapters/ecb-reference-rates';

export const SNAPSHOT_FILE = fileURLToPath(
  new URL('../../lambdas/adapters/local/ecb-rates-snapshot.json', import.meta.url),
);
const FETCH_TIMEOUT_MS = 10_000;

const SOURCE =
  'European Central Bank, euro foreign exchange reference rates (eurofxref-daily.xml), units per 1 EUR';

export type RefreshResult =
  | { readonly outcome: 'refreshed'; readonly date: string; readonly previous: string }
  | { readonly outcome: 'unchanged'; readonly date: string }
  | { readonly outcome: 'kept'; readonly date: string; readonly reason: string };

interface SnapshotFile {
  readonly source: string;
  readonly date: string;
  readonly perEuro: Readonly<Record<string, number>>;
}

/** Fetches `url` and writes the snapshot file if the feed is newer; never throws for a network or feed problem. */
export async function refreshSnapshot(
  options: { readonly url?: string; readonly file?: string } = {},
): Promise<RefreshResult> {
  const file = options.file ?? SNAPSHOT_FILE;
  const current = JSON.parse(readFileSync(file, 'utf8')) as SnapshotFile;
  let latest;
  try {
    const response = await fetch(options.url ?? ECB_DAILY_RATES_URL, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the ECB answered ${response.status}`);
    latest = parseEcbDailyXml(await response.text());
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return { outcome: 'kept', date: current.date, reason };
  }
  if (latest.date <= current.date) return { outcome: 'unchanged', date: current.date };
  const next: SnapshotFile = { source: SOURCE, date: latest.date, perEuro: latest.perEuro };
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return { outcome: 'refreshed', date: latest.date, previous: current.date };
}

function describe(result: RefreshResult, file: string): string {
  const where = join('lambdas/adapters/local', file.split('/').pop() ?? '');
  switch (result.outcome) {
    case 'refreshed':
      return `rates: ${where} refreshed from the ECB: ${result.previous} -> ${result.date}`;
    case 'unchanged':
      return `rates: ${where} is already the ECB's latest (${result.date})`;
    case 'kept':
      return `rates: the ECB is not reachable (${result.reason}); keeping the shipped snapshot of ${result.date}, labelled as a snapshot on the price card`;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await refreshSnapshot();
  console.log(describe(result, SNAPSHOT_FILE));
}
