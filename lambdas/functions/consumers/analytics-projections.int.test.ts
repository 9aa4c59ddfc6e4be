import { randomInt, randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SOURCE, type EventDetail } from '@wayfarer/shared/events';
import { createAnalyticsStore } from '../../adapters/aws/analytics-store';
import { createDocumentClient } from '../../adapters/aws/table';
import { getConfig } from '../../config';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { getTable, systemClock } from '../../providers';
import { scanTable } from '../../testing/scan-table';
import type { Events } from '../../ports/platform';
import { trackPageView } from '../analytics/service';
import { pageViewed, usageRecorded } from './handler';
import { estimateDistinct, mergeSketches } from '@wayfarer/shared/domain/visitor-sketch';

const config = await getConfig();
const table = await getTable();
const analytics = createAnalyticsStore(table);

// The bus delivers at least once: every projection must give the same figures however often an event arrives.
// Each test works on its own day (some weeks back, still within the 90 days figures are kept), so tests running
// beside it, which count today, cannot change what it reads.
function dayAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
const usedDays = new Set<number>();
/** A day 20-79 days ago that no other test of this file has taken (two picking the same day shared figures). */
const freshDay = () => {
  let offset = 20 + randomInt(60);
  while (usedDays.has(offset)) offset = 20 + randomInt(60);
  usedDays.add(offset);
  return dayAgo(offset);
};

function busEvent<Detail>(
  detailType: string,
  detail: Detail,
  id = randomUUID(),
): EventBridgeEvent<string, Detail> {
  return {
    version: '0',
    id,
    'detail-type': detailType,
    source: EVENT_SOURCE,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail,
  };
}

const view = (day: string, page: string, visitor: string, country?: string): EventDetail<'pageViewed'> => ({
  page,
  userKind: 'anonymous',
  truncatedIp: '203.0.113.0',
  ...(country === undefined ? {} : { country }),
  visitorHash: `${visitor}-${day}-${randomUUID()}`.slice(0, 40),
  viewedAt: `${day}T12:00:00.000Z`,
});

async function figuresOf(day: string) {
  const [figures] = await analytics.dayFigures([day]);
  return figures;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('page.viewed consumer over DynamoDB Local', () => {
  it('gives the same figures when every event is applied twice', async () => {
    const day = freshDay();
    const alice = view(day, '/', 'alice', 'FR');
    const events = [
      busEvent('page.viewed', alice),
      busEvent('page.viewed', { ...alice, page: '/subscribe' }),
      busEvent('page.viewed', { ...alice, page: '/subscribe-success' }),
      busEvent('page.viewed', view(day, '/', 'bob', 'PT')),
      busEvent('page.viewed', view(day, '/translate-photo', 'carol')),
    ];

    for (const event of events) await pageViewed(event);
    const once = await figuresOf(day);
    for (const event of events) await pageViewed(event);
    const twice = await figuresOf(day);

    expect(once).toEqual({
      day,
      viewsByPage: { '/': 2, '/subscribe': 1, '/subscribe-success': 1, '/translate-photo': 1 },
      viewsByCountry: { FR: 3, PT: 1, unknown: 1 },
      uniqueVisitors: 3,
      visitorSketch: {},
      anonymousLastActive: 0,
    });
    expect(twice).toEqual(once);
  });

  it('counts concurrent duplicate deliveries once', async () => {
    const day = freshDay();
    const event = busEvent('page.viewed', view(day, '/', 'dave', 'DE'));

    const outcomes = await Promise.allSettled([pageViewed(event), pageViewed(event), pageViewed(event)]);

    // A racing duplicate may be cancelled as a transaction conflict (the bus retries it); none may double-count.
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect((await figuresOf(day))?.viewsByPage).toEqual({ '/': 1 });
    expect((await figuresOf(day))?.uniqueVisitors).toBe(1);
  });
});

describe('distinct visitors over a window, over DynamoDB Local', () => {
  it('a visitor on 5 days counts once', async () => {
    // Five days no other test writes to (freshDay gives 20-80 days ago, and the local cloud's table is shared;
    // figures of days past their retention read as none, so the days are in the future).
    const first = Date.UTC(2100 + randomInt(50), 0, 1) + randomInt(300) * 86_400_000;
    const days = Array.from({ length: 5 }, (_, index) =>
      new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    );
    const visitorSketch = { register: 321, rank: 3 };
    for (const day of days) {
      const event = busEvent('page.viewed', { ...view(day, '/', 'erin'), visitorSketch });
      await pageViewed(event);
      await pageViewed(event);
    }
    const figures = await analytics.dayFigures(days);
    expect(figures.map((day) => day.uniqueVisitors)).toEqual([1, 1, 1, 1, 1]);
    expect(estimateDistinct(mergeSketches(figures.map((day) => day.visitorSketch)))).toBe(1);
  });
});

describe('usage.recorded consumer: anonymous usage over DynamoDB Local', () => {
  const usage = (subject: string, day: string): EventDetail<'usageRecorded'> => ({
    subject,
    seconds: 10,
    leaseId: `lease-${randomUUID()}`,
    day,
  });

  it('gives the same anonymous figures when every event is applied twice, and ignores signed-in users', async () => {
    const day = freshDay();
    const events = [
      busEvent('usage.recorded', usage(`ip-${randomUUID()}`, day)),
      busEvent('usage.recorded', usage(`ip-${randomUUID()}`, day)),
      busEvent('usage.recorded', usage(`user-sub-${randomUUID()}`, day)),
    ];

    for (const event of events) await usageRecorded(event);
    expect((await figuresOf(day))?.anonymousLastActive).toBe(2);
    for (const event of events) await usageRecorded(event);
    expect((await figuresOf(day))?.anonymousLastActive).toBe(2);
  });

  it('moves a subject to its latest day, so a window counts each subject once', async () => {
    const [earlier = '', later = ''] = [freshDay(), freshDay()].sort();
    const subject = `ip-${randomUUID()}`;

    await usageRecorded(busEvent('usage.recorded', usage(subject, earlier)));
    const before = (await figuresOf(earlier))?.anonymousLastActive ?? 0;
    await usageRecorded(busEvent('usage.recorded', usage(subject, later)));
    await usageRecorded(busEvent('usage.recorded', usage(subject, earlier)));

    expect((await figuresOf(earlier))?.anonymousLastActive).toBe(before - 1);
    expect((await figuresOf(later))?.anonymousLastActive).toBeGreaterThanOrEqual(1);
  });
});

describe('no raw IP is kept', () => {
  it('the table and the logs of tracking and projecting a view hold the truncated IP, never the address', async () => {
    const rawIp = `198.51.${randomInt(1, 255)}.${randomInt(101, 254)}`;
    const logged: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    const published: EventDetail<'pageViewed'>[] = [];
    const capture: Events = {
      publish: async (_name, detail) => void published.push(detail as EventDetail<'pageViewed'>),
    };

    // Through the http stack and the real bus (its consumer runs in the local cloud) ...
    const { track } = await import('../analytics/handler');
    const response = await track(
      makeApiEvent({ method: 'POST', path: '/api/analytics/track', json: { page: '/' }, sourceIp: rawIp }),
      makeLambdaContext(),
    );
    expect(response.statusCode).toBe(200);
    // ... and the same view projected here, so its log lines are captured too.
    await trackPageView(
      { events: capture, clock: systemClock },
      { ipHashSecret: config.IP_HASH_SECRET },
      { page: '/', signedIn: false, sourceIp: rawIp, viewerCountry: 'fr' },
    );
    const detail = published[0] as EventDetail<'pageViewed'>;
    expect(detail).toMatchObject({ truncatedIp: rawIp.replace(/\.\d+$/, '.0'), country: 'FR' });
    await pageViewed(busEvent('page.viewed', detail));
    // Two views of this address: the one projected here and the tracked one, which reaches the table through the
    // bus consumer in the local cloud: wait for both, not for a time.
    const documents = createDocumentClient(config.AWS_REGION);
    const items = await vi.waitFor(
      async () => {
        const scanned = await scanTable(documents, config.TABLE_NAME);
        expect(scanned.filter((item) => JSON.stringify(item).includes(detail.truncatedIp))).toHaveLength(2);
        return scanned;
      },
      { timeout: 15_000, interval: 100 },
    );
    vi.restoreAllMocks();

    expect(JSON.stringify(items)).not.toContain(rawIp);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('')).not.toContain(rawIp);
  });
});
