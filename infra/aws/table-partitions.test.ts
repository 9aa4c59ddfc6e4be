import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import type { HandlerArea } from '@wayfarer/shared/api/route-types';
import { eventRules, RATE_REFRESH_HANDLER } from '@wayfarer/shared/events';
import * as keys from '@wayfarer/lambdas/adapters/aws/table-keys';
import { INDEX_PARTITIONS, TABLE_PARTITIONS } from '@wayfarer/lambdas/adapters/aws/table-keys';
import { accessForArea } from './area-access';
import { handlerEntry, LAMBDA_NODE_TARGET } from './lambda-bundling';

/*
 * Which partitions each area may touch is declared in area-access.ts (the grant's dynamodb:LeadingKeys); this
 * file derives the same from the code and compares, both ways. A key is built only by table-keys.ts (docs/DESIGN.md
 * §4), so the builders a handler's bundle keeps after tree-shaking are the partitions its code can name: one
 * esbuild run over every area's handler, as the stacks bundle them but unminified, so the builders keep their names.
 */

const DAY = '2026-11-05';

/** One call of every key builder (and the one partition constant): its partition is what the call returns. */
const samples: Readonly<Record<string, () => unknown>> = {
  userProfileKey: () => keys.userProfileKey('sub'),
  profileEmailPartition: () => keys.profileEmailPartition('a@example.com'),
  profileEmailIndexKey: () => keys.profileEmailIndexKey('a@example.com', new Date(0)),
  customerKey: () => keys.customerKey('cus_1'),
  usageDayKey: () => keys.usageDayKey('sub', DAY),
  leaseKey: () => keys.leaseKey('sub', DAY, 'key'),
  ticketSlotKey: () => keys.ticketSlotKey('sub', DAY, 0),
  speechTicketKey: () => keys.speechTicketKey('hash'),
  speechSocketKey: () => keys.speechSocketKey('sub'),
  eventSeenKey: () => keys.eventSeenKey('event'),
  statsKey: () => keys.statsKey(DAY, 'PAGE', '/'),
  statsPartition: () => keys.statsPartition(DAY),
  statsCounterKey: () => keys.statsCounterKey(DAY, 'VISITORS'),
  anonymousLastKey: () => keys.anonymousLastKey('hash'),
  visitorKey: () => keys.visitorKey(DAY, 'hash'),
  RECENT_PARTITION: () => keys.RECENT_PARTITION,
  recentViewKey: () => keys.recentViewKey('2026-11-05T10:00:00.000Z', 'id'),
  ratesKey: () => keys.ratesKey(),
  resetTokenKey: () => keys.resetTokenKey('hash'),
  verifyTokenKey: () => keys.verifyTokenKey('hash'),
  refreshSessionKey: () => keys.refreshSessionKey('jti'),
  accountSessionsIndexKey: () => keys.accountSessionsIndexKey('sub', 'jti'),
  accountSessionsPartition: () => keys.accountSessionsPartition('sub'),
  accountMailedTokensIndexKey: () => keys.accountMailedTokensIndexKey('sub', keys.resetTokenKey('hash')),
  accountMailedTokensPartition: () => keys.accountMailedTokensPartition('sub'),
  attemptsKey: () => keys.attemptsKey('login', 1_800_000_000),
  translatedCharactersKey: () => keys.translatedCharactersKey('sub', DAY),
  spokenCharactersKey: () => keys.spokenCharactersKey('sub', DAY),
  photosKey: () => keys.photosKey('sub', DAY),
  analysedCharactersKey: () => keys.analysedCharactersKey('sub', DAY),
};
/** Exports of table-keys.ts that build no partition key. */
const NOT_BUILDERS = new Set(['part', 'LEASE_SK_PREFIX', 'TABLE_PARTITIONS', 'INDEX_PARTITIONS']);

const ALL_PARTITIONS: readonly string[] = [...TABLE_PARTITIONS, ...INDEX_PARTITIONS];

/** The partition key a builder's result names: pk, gsi1pk, or the partition itself. */
function partitionValueOf(result: unknown): string {
  if (typeof result === 'string') return result;
  const key = result as { pk?: string; gsi1pk?: string };
  return key.pk ?? key.gsi1pk ?? '';
}

const matches = (value: string, partition: string) =>
  partition.endsWith('#') ? value.startsWith(partition) : value === partition;

const partitionOfBuilder = new Map(
  Object.entries(samples).map(([name, sample]) => {
    const value = partitionValueOf(sample());
    return [name, ALL_PARTITIONS.filter((partition) => matches(value, partition))] as const;
  }),
);

describe('table partitions: every key builder names exactly one listed partition', () => {
  it('has a sample call for every key builder of table-keys.ts', () => {
    const builders = Object.keys(keys).filter((name) => !NOT_BUILDERS.has(name));
    expect(builders.sort()).toEqual(Object.keys(samples).sort());
  });

  it('maps every builder to exactly one of TABLE_PARTITIONS and INDEX_PARTITIONS, and every one is built', () => {
    for (const [name, partitions] of partitionOfBuilder) expect(partitions, name).toHaveLength(1);
    const built = new Set([...partitionOfBuilder.values()].flat());
    expect([...built].sort()).toEqual([...ALL_PARTITIONS].sort());
  });
});

const areas = [
  ...new Set<HandlerArea>([
    ...routes.map((route) => route.handler.area),
    ...eventRules.map((rule) => rule.consumer.area),
    RATE_REFRESH_HANDLER.area,
  ]),
].sort();

/** What each area's bundle can do in the table: the partitions it names, and whether it pings (DescribeTable). */
async function bundledTableUse(): Promise<
  Map<string, { table: string[]; index: string[]; describe: boolean }>
> {
  const result = await build({
    entryPoints: Object.fromEntries(areas.map((area) => [area, handlerEntry(area)])),
    bundle: true,
    write: false,
    outdir: 'table-partitions-probe',
    format: 'esm',
    platform: 'node',
    target: LAMBDA_NODE_TARGET,
    mainFields: ['module', 'main'],
    // Keys are built in this repository's code only; packages (the SDK, openai, stripe) need not be read.
    packages: 'external',
    minify: false,
    logLevel: 'silent',
  });
  const uses = new Map<string, { table: string[]; index: string[]; describe: boolean }>();
  for (const file of result.outputFiles) {
    const area = /([^/\\]+)\.js$/.exec(file.path)?.[1] ?? '';
    // A kept top-level declaration, as esbuild writes it (renamed with a digit on a clash).
    const keeps = (name: string) =>
      new RegExp(`^(?:var|let|const|function)\\s+${name}\\d*\\b`, 'm').test(file.text);
    const partitions = new Set(
      [...partitionOfBuilder].filter(([name]) => keeps(name)).flatMap(([, partition]) => partition),
    );
    uses.set(area, {
      table: TABLE_PARTITIONS.filter((partition) => partitions.has(partition)),
      index: INDEX_PARTITIONS.filter((partition) => partitions.has(partition)),
      describe: keeps('createStorageHealth'),
    });
  }
  return uses;
}

describe("each area's table grant names exactly the partitions its bundled code builds keys in", async () => {
  const uses = await bundledTableUse();

  it('bundles every area', () => {
    expect([...uses.keys()].sort()).toEqual(areas);
  });

  it.each(areas)('%s', (area) => {
    const use = uses.get(area);
    const declared = accessForArea(area).table;
    const derived =
      use === undefined || (use.table.length === 0 && use.index.length === 0)
        ? use?.describe
          ? 'describe'
          : 'none'
        : { partitions: use.table, index: use.index, describe: use.describe };
    const stated =
      typeof declared === 'string'
        ? declared
        : {
            partitions: TABLE_PARTITIONS.filter(
              (partition) =>
                declared.partitions.includes(partition) || (declared.counters ?? []).includes(partition),
            ),
            index: INDEX_PARTITIONS.filter((partition) => (declared.index ?? []).includes(partition)),
            // An area that both pings and touches items would need both statements: none does.
            describe: false,
          };
    expect(stated).toEqual(derived);
  });
});
