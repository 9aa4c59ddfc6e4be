import { describe, expect, it } from 'vitest';
import type { EventDetail } from '@wayfarer/shared/events';
import type { AnalyticsStore, DayFigures, Events } from '../../ports';
import { analyticsStats, conversionRate, periodDays, trackPageView } from './service';

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
