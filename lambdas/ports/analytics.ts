// Analytics (docs/DESIGN.md §4, §5): page views and the day counters the dashboard reads.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).
import type { SketchRegisters, SketchUpdate } from '@wayfarer/shared/domain/visitor-sketch';

/** One delivery of `page.viewed`, as the analytics projections take it. */
export interface PageViewDelivery {
  readonly eventId: string;
  /** UTC day of the view, yyyy-mm-dd. */
  readonly day: string;
  readonly page: string;
  readonly userKind: 'authenticated' | 'anonymous';
  readonly truncatedIp: string;
  /** ISO 3166 alpha-2, or 'unknown'. */
  readonly country: string;
  /** Keyed with the day: the same visitor on another day is another hash. */
  readonly visitorHash: string;
  /** The visitor's register and rank in the day's distinct-visitor sketch (shared/domain/visitor-sketch.ts). */
  readonly visitorSketch?: SketchUpdate;
  readonly viewedAt: string;
}

/** One day's aggregates, as stored. */
export interface DayFigures {
  readonly day: string;
  readonly viewsByPage: Readonly<Record<string, number>>;
  readonly viewsByCountry: Readonly<Record<string, number>>;
  readonly uniqueVisitors: number;
  /** The day's distinct-visitor sketch (register -> rank); merged over a window it counts each visitor once. */
  readonly visitorSketch: SketchRegisters;
  /** Anonymous usage subjects whose latest activity is this day (see AnalyticsStore.recordAnonymousActivity). */
  readonly anonymousLastActive: number;
}

export interface RecentView {
  readonly page: string;
  readonly userKind: 'authenticated' | 'anonymous';
  readonly truncatedIp: string;
  readonly viewedAt: string;
}

export interface AnalyticsStore {
  /**
   * Adds the view to its day's counters, its visitor to the day's unique visitors (once per visitor hash) and
   * to the recent list: once per event id however often the bus delivers it.
   */
  recordPageViewOnce(view: PageViewDelivery): Promise<'added' | 'duplicate'>;
  /**
   * Moves an anonymous usage subject's "last active day" forward to `day`, keeping a per-day count of subjects
   * last active that day: the distinct subjects active in any window ending today are the sum of its days'
   * counts. Repeats and older days change nothing.
   */
  recordAnonymousActivity(subject: string, day: string): Promise<'moved' | 'unchanged'>;
  /** The stored figures of each day asked (one query per day), in the order asked. */
  dayFigures(days: readonly string[]): Promise<DayFigures[]>;
  /** The newest views at or after `since` (ISO time), newest first, at most `limit`. */
  recentViews(limit: number, since: string): Promise<RecentView[]>;
}
