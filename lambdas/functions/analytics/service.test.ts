import { describe, expect, it } from 'vitest';
import type { EventDetail } from '@wayfarer/shared/events';
import { ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS, ADMIN_PASSWORD_MAX_FAILURES } from '@wayfarer/shared/constants';
import type { AnalyticsStore, DayFigures } from '../../ports/analytics';
import type { AttemptWindows } from '../../ports/identity';
import type { Events } from '../../ports/platform';
import { hashAdminPassword } from '../../domain/admin-password';
import { analyticsStats, checkAdminPassword, conversionRate, periodDays, trackPageView } from './service';

const clock = { now: () => new Date('2026-11-23T10:00:00.000Z') };

describe('trackPageView', () => {
  async function tracked(sourceIp: string, viewerCountry?: string, at = clock) {
    const published: EventDetail<'pageViewed'>[] = [];
    const events: Events = { publish: async (_name, detail) => void published.push(detail as never) };
    await trackPageView(
      { events, clock: at },
      { ipHashSecret: 'secret' },
      { page: '/', signedIn: false, sourceIp, viewerCountry },
    );
    return published[0] as EventDetail<'pageViewed'>;
  }

  it('publishes the truncated IP and a visitor hash, never the address', async () => {
    const detail = await tracked('203.0.113.77', 'fr');
    expect(detail).toMatchObject({
      page: '/',
      userKind: 'anonymous',
      truncatedIp: '203.0.113.0',
      country: 'FR',
    });
    expect(JSON.stringify(detail)).not.toContain('203.0.113.77');
  });

  it('keys the visitor hash with the day, so one visitor is a different hash the next day', async () => {
    const today = await tracked('203.0.113.77');
    const again = await tracked('203.0.113.77');
    const tomorrow = await tracked('203.0.113.77', undefined, {
      now: () => new Date('2026-11-24T10:00:00.000Z'),
    });
    expect(again.visitorHash).toBe(today.visitorHash);
    expect(tomorrow.visitorHash).not.toBe(today.visitorHash);
  });

  it('counts two addresses in one IPv6 /64 as one visitor, and two /64s as two', async () => {
    const first = await tracked('2001:db8:1:2::1');
    const sameNetwork = await tracked('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    const otherNetwork = await tracked('2001:db8:1:3::1');

    expect(sameNetwork.visitorHash).toBe(first.visitorHash);
    expect(sameNetwork.visitorSketch).toEqual(first.visitorSketch);
    expect(otherNetwork.visitorHash).not.toBe(first.visitorHash);
    expect(otherNetwork.visitorSketch).not.toEqual(first.visitorSketch);
  });

  it('counts each IPv4 address as its own visitor', async () => {
    const first = await tracked('203.0.113.77');
    const neighbour = await tracked('203.0.113.78');

    expect(neighbour.visitorHash).not.toBe(first.visitorHash);
  });

  it('leaves the country out unless the header holds two letters', async () => {
    expect((await tracked('203.0.113.77', 'XX1')).country).toBeUndefined();
  });
});

describe('stats arithmetic', () => {
  it('counts the period in UTC days ending today, oldest first', () => {
    expect(periodDays(3, clock.now())).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
  });

  it('gives the conversion rate as success over homepage views in percent, one decimal, 0 without visits', () => {
    expect(conversionRate(3, 1)).toBe(33.3);
    expect(conversionRate(0, 0)).toBe(0);
  });

  it('adds up the days, counts each visitor once over the period, counts anonymous users active in the period and in the last 7 days', async () => {
    const figures = (day: string, views: number, anonymous: number): DayFigures => ({
      day,
      viewsByPage: { '/': views, '/subscribe-success': 1 },
      viewsByCountry: { FR: views + 1 },
      uniqueVisitors: 2,
      // The same two visitors every day: two registers of the sketch.
      visitorSketch: { 5: 1, 9: 2 },
      anonymousLastActive: anonymous,
    });
    const analytics: AnalyticsStore = {
      recordPageViewOnce: async () => 'added',
      recordAnonymousActivity: async () => 'moved',
      dayFigures: async (days) =>
        days.map((day, index) => figures(day, index === 0 ? 10 : 1, index === 0 ? 5 : 1)),
      recentViews: async () => [],
    };

    const stats = await analyticsStats({ analytics, clock }, '30');

    expect(stats.period).toBe(30);
    expect(stats.pageViews.byDay).toHaveLength(30);
    expect(stats.pageViews.total).toBe(10 + 29 + 30);
    // Two visitors who came every day are two, not 2 x 30.
    expect(stats.visitors.unique).toBe(2);
    expect(stats.conversionFunnel).toEqual({ homepage: 39, subscribe: 0, success: 30, conversionRate: 76.9 });
    expect(stats.anonymousUsage).toEqual({ total: 5 + 29, active: 7 });
  });

  it('refuses a period other than 7, 30 or 90 with 400', async () => {
    const analytics = {} as AnalyticsStore;
    await expect(analyticsStats({ analytics, clock }, '14')).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('checkAdminPassword', () => {
  // A cheap hash: these tests count checks, not the cost of one.
  const CHEAP = { log2N: 10, r: 8, p: 1 };

  /** Fixed-window counters whose every call yields first, so parallel callers interleave as Lambdas do. */
  function memoryWindows() {
    const counts = new Map<string, number>();
    const key = (counter: string, windowSeconds: number, now: Date) =>
      `${counter}#${Math.floor(now.getTime() / 1000 / windowSeconds)}`;
    const windows = {
      count: async (counter: string, windowSeconds: number, now: Date) => {
        await Promise.resolve();
        const next = (counts.get(key(counter, windowSeconds, now)) ?? 0) + 1;
        counts.set(key(counter, windowSeconds, now), next);
        return next;
      },
      current: async (counter: string, windowSeconds: number, now: Date) => {
        await Promise.resolve();
        return counts.get(key(counter, windowSeconds, now)) ?? 0;
      },
      reserve: async (counter: string, windowSeconds: number, now: Date, limit: number) => {
        await Promise.resolve();
        const held = counts.get(key(counter, windowSeconds, now)) ?? 0;
        if (held >= limit) return false;
        counts.set(key(counter, windowSeconds, now), held + 1);
        return true;
      },
      release: async (counter: string, windowSeconds: number, now: Date) => {
        await Promise.resolve();
        counts.set(
          key(counter, windowSeconds, now),
          Math.max(0, (counts.get(key(counter, windowSeconds, now)) ?? 0) - 1),
        );
      },
    };
    return windows as AttemptWindows;
  }

  const statusOf = (attempt: Promise<unknown>) =>
    attempt.then(
      () => 200,
      (error: { statusCode?: number }) => error.statusCode ?? 500,
    );

  it('counts a guess before checking it: parallel wrong guesses from one address get ADMIN_PASSWORD_MAX_FAILURES checks, no more', async () => {
    const passwordHash = await hashAdminPassword('the right one', CHEAP);
    const attempts = memoryWindows();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        statusOf(
          checkAdminPassword(
            { attempts, clock },
            { passwordHash, counterSecret: 'secret' },
            { password: `guess-${index}`, sourceIp: '203.0.113.5', headers: {} },
          ),
        ),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADMIN_PASSWORD_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - ADMIN_PASSWORD_MAX_FAILURES);
  });

  it('caps guesses from all addresses together, so a botnet cannot guess freely either', async () => {
    const passwordHash = await hashAdminPassword('the right one', CHEAP);
    const attempts = memoryWindows();
    const statuses: number[] = [];
    for (let index = 0; index < ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS + 5; index++) {
      statuses.push(
        await statusOf(
          checkAdminPassword(
            { attempts, clock },
            { passwordHash, counterSecret: 'secret' },
            {
              password: 'wrong',
              sourceIp: `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
              headers: {},
            },
          ),
        ),
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });

  it('does not count the right password as a failure', async () => {
    const passwordHash = await hashAdminPassword('the right one', CHEAP);
    const attempts = memoryWindows();
    for (let index = 0; index < ADMIN_PASSWORD_MAX_FAILURES + 2; index++) {
      const status = await statusOf(
        checkAdminPassword(
          { attempts, clock },
          { passwordHash, counterSecret: 'secret' },
          { password: 'the right one', sourceIp: '203.0.113.6', headers: {} },
        ),
      );
      expect(status).toBe(200);
    }
  });
});
