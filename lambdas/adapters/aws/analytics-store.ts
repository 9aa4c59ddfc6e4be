import { EVENT_MARK_TTL_SECONDS } from '../../domain/event-marks';
import type { AnalyticsStore, DayFigures, RecentView } from '../../ports/analytics';
import {
  anonymousLastKey,
  epochSeconds,
  eventSeenKey,
  expiresAtAfter,
  isTransactionConditionFailure,
  RECENT_PARTITION,
  recentViewKey,
  statsCounterKey,
  statsKey,
  statsPartition,
  visitorKey,
  type Table,
  type TableKey,
} from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;
const DAY_SECONDS = 24 * 60 * 60;
/** Past the longest period (90 days) a day's figures and the recent list are never read again. */
const FIGURES_KEPT_DAYS = 100;
/** Views of one day at most share one partition's write budget: reads of many days run this many at once. */
const READ_CONCURRENCY = 16;

const expiryAfterDay = (day: string, days: number) =>
  Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + days * DAY_SECONDS;

// A Put that holds only when no live item has the key: an expired one the TTL sweeper has not removed is absent.
function putIfAbsent(table: Table, item: Record<string, unknown>, now: Date) {
  return {
    Put: {
      TableName: table.name,
      Item: item,
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': TTL },
      ExpressionAttributeValues: { ':now': epochSeconds(now) },
    },
  };
}

function addOne(table: Table, key: TableKey, attribute: string, amount: number, expiresAt: number) {
  return {
    Update: {
      TableName: table.name,
      Key: key,
      UpdateExpression: 'ADD #value :amount SET #ttl = :expiresAt',
      ExpressionAttributeNames: { '#value': attribute, '#ttl': TTL },
      ExpressionAttributeValues: { ':amount': amount, ':expiresAt': expiresAt },
    },
  };
}

/** Runs a conditional transaction: true when written, false when a condition said it was already done. */
async function onceOnly(run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (isTransactionConditionFailure(error)) return false;
    throw error;
  }
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

async function inBatches<In, Out>(inputs: readonly In[], size: number, work: (input: In) => Promise<Out>) {
  const results: Out[] = [];
  for (let start = 0; start < inputs.length; start += size) {
    results.push(...(await Promise.all(inputs.slice(start, start + size).map(work))));
  }
  return results;
}

/** The analytics aggregates in the table (docs/DESIGN.md §4: STATS#, VISITORS#, ANONYMOUS#, RECENT). */
export function createAnalyticsStore(table: Table): AnalyticsStore {
  return {
    async recordPageViewOnce(view) {
      const now = new Date();
      const figuresExpire = expiryAfterDay(view.day, FIGURES_KEPT_DAYS);
      // The visitor first, on its own: it is idempotent by itself (one item per visitor and day), so a retry
      // after a failure between the two steps neither loses nor double-counts the visitor. Its item outlives
      // the bus's retries, so a late redelivery still finds it.
      await onceOnly(() =>
        table.transactWrite([
          putIfAbsent(
            table,
            {
              ...visitorKey(view.day, view.visitorHash),
              [TTL]: Math.max(expiryAfterDay(view.day, 1), epochSeconds(now)) + EVENT_MARK_TTL_SECONDS,
            },
            now,
          ),
          addOne(table, statsCounterKey(view.day, 'VISITORS'), 'count', 1, figuresExpire),
        ]),
      );
      // The sketch's register: raising to a maximum is idempotent, so a redelivery changes nothing.
      if (view.visitorSketch)
        await table.raiseRegister(
          statsCounterKey(view.day, 'SKETCH'),
          `r${view.visitorSketch.register}`,
          view.visitorSketch.rank,
          { expiresAt: figuresExpire },
        );
      const added = await onceOnly(() =>
        table.transactWrite([
          putIfAbsent(
            table,
            { ...eventSeenKey(view.eventId), [TTL]: expiresAtAfter(EVENT_MARK_TTL_SECONDS, now) },
            now,
          ),
          addOne(table, statsKey(view.day, 'PAGE', view.page), 'views', 1, figuresExpire),
          addOne(table, statsKey(view.day, 'COUNTRY', view.country), 'views', 1, figuresExpire),
          {
            Put: {
              TableName: table.name,
              Item: {
                ...recentViewKey(view.viewedAt, view.eventId),
                page: view.page,
                userKind: view.userKind,
                truncatedIp: view.truncatedIp,
                [TTL]: figuresExpire,
              },
            },
          },
        ]),
      );
      return added ? 'added' : 'duplicate';
    },

    async recordAnonymousActivity(subject, day) {
      // Optimistic: read the subject's last day, then move it and both days' counts in one transaction that
      // holds only if the last day is still what was read. A lost race reads again.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const now = new Date();
        const current = await table.get(anonymousLastKey(subject), { consistent: true, now });
        const lastDay = typeof current?.['lastDay'] === 'string' ? current['lastDay'] : undefined;
        if (lastDay !== undefined && lastDay >= day) return 'unchanged';
        const expiresAt = expiryAfterDay(day, FIGURES_KEPT_DAYS);
        const moved = await onceOnly(() =>
          table.transactWrite([
            lastDay === undefined
              ? putIfAbsent(table, { ...anonymousLastKey(subject), lastDay: day, [TTL]: expiresAt }, now)
              : {
                  Update: {
                    TableName: table.name,
                    Key: anonymousLastKey(subject),
                    UpdateExpression: 'SET #lastDay = :day, #ttl = :expiresAt',
                    ConditionExpression: '#lastDay = :previous',
                    ExpressionAttributeNames: { '#lastDay': 'lastDay', '#ttl': TTL },
                    ExpressionAttributeValues: { ':day': day, ':previous': lastDay, ':expiresAt': expiresAt },
                  },
                },
            addOne(table, statsCounterKey(day, 'ANONYMOUS-LAST'), 'count', 1, expiresAt),
            ...(lastDay === undefined
              ? []
              : [
                  addOne(
                    table,
                    statsCounterKey(lastDay, 'ANONYMOUS-LAST'),
                    'count',
                    -1,
                    expiryAfterDay(lastDay, FIGURES_KEPT_DAYS),
                  ),
                ]),
          ]),
        );
        if (moved) return 'moved';
      }
      throw new Error('recordAnonymousActivity: the subject kept changing under us; the bus will retry');
    },

    dayFigures(days) {
      return inBatches(days, READ_CONCURRENCY, async (day): Promise<DayFigures> => {
        const viewsByPage: Record<string, number> = {};
        const viewsByCountry: Record<string, number> = {};
        let uniqueVisitors = 0;
        let anonymousLastActive = 0;
        const visitorSketch: Record<number, number> = {};
        for (const item of await table.query(statsPartition(day))) {
          const [kind, ...rest] = item.sk.split('#');
          const name = rest.join('#');
          if (kind === 'PAGE') viewsByPage[name] = numberOf(item['views']);
          else if (kind === 'COUNTRY') viewsByCountry[name] = numberOf(item['views']);
          else if (kind === 'VISITORS') uniqueVisitors = numberOf(item['count']);
          else if (kind === 'ANONYMOUS-LAST') anonymousLastActive = numberOf(item['count']);
          else if (kind === 'SKETCH')
            for (const [attribute, rank] of Object.entries(item))
              if (/^r\d+$/.test(attribute)) visitorSketch[Number(attribute.slice(1))] = numberOf(rank);
        }
        return { day, viewsByPage, viewsByCountry, uniqueVisitors, visitorSketch, anonymousLastActive };
      });
    },

    async recentViews(limit, since) {
      const items = await table.query(RECENT_PARTITION, { newestFirst: true, limit });
      return items
        .filter((item) => item.sk >= since)
        .map((item): RecentView => ({
          page: String(item['page']),
          userKind: item['userKind'] === 'authenticated' ? 'authenticated' : 'anonymous',
          truncatedIp: String(item['truncatedIp']),
          viewedAt: item.sk.split('#')[0] as string,
        }));
    },
  };
}
