/**
 * Analytics stats: the 90-day stats call (docs/SPEC.md §3) over a table holding what 100,000 page views leave
 * behind, on DynamoDB Local. Prints the seeding time, items read per call and the call's p50/p99.
 *
 * The table is seeded with the projections' own writes: the day aggregates come from the consumer's store
 * (`recordPageViewOnce` for a sample, then the remaining views added to the same counters in bulk), and every
 * view's recent-list item is written, as the consumer would. The figure that matters is the read: 90 day
 * partitions plus one recent query, whatever the traffic.
 *
 *   npx tsx bench/analytics-stats.ts [--views 100000] [--runs 50]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TRACKED_PAGES } from '@wayfarer/shared/constants';
import { createAnalyticsStore } from '@wayfarer/lambdas/adapters/aws/analytics-store';
import { createTable, recentViewKey, statsCounterKey, statsKey } from '@wayfarer/lambdas/adapters/aws/table';
import { analyticsStats, periodDays } from '@wayfarer/lambdas/functions/analytics/service';
import { systemClock } from '@wayfarer/lambdas/providers';
import { OrphanGuard } from '@wayfarer/infra/local/child-processes';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from '@wayfarer/infra/local/dynamodb-local';
import { freePort } from '@wayfarer/infra/local/free-port';
import { checkJava, javaCommand } from '@wayfarer/infra/local/preflight';
import { loadAverages, percentile } from './lib/stats';

const REGION = 'us-east-1';
const TABLE = 'wayfarer-bench-analytics';
const COUNTRIES = [
  'FR',
  'DE',
  'ES',
  'IT',
  'PT',
  'GB',
  'US',
  'JP',
  'CN',
  'BR',
  'MX',
  'NL',
  'BE',
  'CH',
  'AT',
  'PL',
  'SE',
  'NO',
  'DK',
  'IE',
  'CA',
  'AU',
  'IN',
  'KR',
  'TH',
  'VN',
  'MA',
  'EG',
  'TR',
  'unknown',
];

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export async function main(): Promise<void> {
  const viewCount = option('views', 100_000);
  const runs = option('runs', 50);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-analytics-'));
  const guard = new OrphanGuard();
  const java = await checkJava();
  const dynamo = await startDynamoDbLocal({
    port: await freePort(),
    dataDir,
    logDir: dataDir,
    java: javaCommand(),
    loopbackOnly: java.runsSourceFiles,
    region: REGION,
    guard,
  });
  const client = localDynamoClient(dynamo.endpoint, REGION);
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  try {
    await ensureTable(client, TABLE);
    const table = createTable(documents, TABLE);
    const store = createAnalyticsStore(table);
    const days = periodDays(90, new Date());

    // Synthetic traffic: evenly spread over the 90 days; pages and countries drawn from a seeded generator, so
    // every day holds every page and most countries (a plain rotation would tie each day to one country).
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536);
    };
    const seedStarted = performance.now();
    const counters = new Map<
      string,
      { key: { pk: string; sk: string }; attribute: string; amount: number }
    >();
    const add = (key: { pk: string; sk: string }, attribute: string) => {
      const id = `${key.pk}|${key.sk}`;
      const counter = counters.get(id) ?? { key, attribute, amount: 0 };
      counter.amount += 1;
      counters.set(id, counter);
    };
    const recentItems: Record<string, unknown>[] = [];
    for (let index = 0; index < viewCount; index += 1) {
      const day = days[index % days.length] as string;
      const page = TRACKED_PAGES[next() % TRACKED_PAGES.length] as string;
      const country = COUNTRIES[next() % COUNTRIES.length] as string;
      const seconds = String(index % 86_400).padStart(5, '0');
      const viewedAt = `${day}T${new Date(Number(seconds) * 1000).toISOString().slice(11, 23)}Z`;
      add(statsKey(day, 'PAGE', page), 'views');
      add(statsKey(day, 'COUNTRY', country), 'views');
      // About one visitor in three is new to the day.
      if (index % 3 === 0) add(statsCounterKey(day, 'VISITORS'), 'count');
      if (index % 7 === 0) add(statsCounterKey(day, 'ANONYMOUS-LAST'), 'count');
      recentItems.push({
        ...recentViewKey(viewedAt, randomUUID()),
        page,
        userKind: index % 4 === 0 ? 'authenticated' : 'anonymous',
        truncatedIp: `203.0.${index % 256}.0`,
      });
    }
    // The consumer's own path for a sample, so the seeded shapes are the real ones.
    for (let index = 0; index < 20; index += 1) {
      await store.recordPageViewOnce({
        eventId: randomUUID(),
        day: days.at(-1) as string,
        page: '/',
        userKind: 'anonymous',
        truncatedIp: '198.51.100.0',
        country: 'FR',
        visitorHash: randomUUID(),
        viewedAt: new Date().toISOString(),
      });
    }
    const pool = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: size }, async () => {
          while (next < items.length) await work(items[next++] as T);
        }),
      );
    };
    await pool([...counters.values()], 16, ({ key, attribute, amount }) =>
      documents.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: key,
          UpdateExpression: 'ADD #value :amount',
          ExpressionAttributeNames: { '#value': attribute },
          ExpressionAttributeValues: { ':amount': amount },
        }),
      ),
    );
    const batches: Record<string, unknown>[][] = [];
    for (let start = 0; start < recentItems.length; start += 25)
      batches.push(recentItems.slice(start, start + 25));
    await pool(batches, 8, async (batch) => {
      let unprocessed: Record<string, unknown>[] | undefined = batch.map((Item) => ({
        PutRequest: { Item },
      }));
      while (unprocessed && unprocessed.length > 0) {
        const answer = await documents.send(
          new BatchWriteCommand({ RequestItems: { [TABLE]: unprocessed } }),
        );
        unprocessed = answer.UnprocessedItems?.[TABLE] as Record<string, unknown>[] | undefined;
      }
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const ports = { analytics: store, clock: systemClock };
    const first = await analyticsStats(ports, 90);
    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await analyticsStats(ports, 90);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `views seeded: ${viewCount} over 90 days (${counters.size} counter items, ${recentItems.length} recent items) in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `stats(90): total ${first.pageViews.total}, unique ${first.visitors.unique}, countries ${first.countries.byCountry.length}, recent ${first.pageViews.recent.length}`,
    );
    console.log(`queries per call: ${days.length + 1} (one per day partition + the recent list)`);
    console.log(
      `stats(90) over ${runs} runs: p50 ${percentile(timings, 0.5, 'nearest-rank').toFixed(1)} ms, p99 ${percentile(timings, 0.99, 'nearest-rank').toFixed(1)} ms`,
    );
    console.log(`load average: ${loadAverages()}`);
  } finally {
    documents.destroy();
    await dynamo.child.stop();
    guard.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
