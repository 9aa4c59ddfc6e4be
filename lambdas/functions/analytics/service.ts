import { createHmac } from 'node:crypto';
import {
  adminPasswordSchema,
  analyticsPeriodSchema,
  type AnalyticsStats,
} from '@wayfarer/shared/api/analytics';
import {
  ACTIVE_ANONYMOUS_WINDOW_DAYS,
  ADMIN_PASSWORD_FAILURE_WINDOW_SECONDS,
  ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS,
  ADMIN_PASSWORD_MAX_FAILURES,
  ADMIN_SESSION_SECONDS,
  DEFAULT_ANALYTICS_PERIOD_DAYS,
  RECENT_VIEWS_MAX,
  type TrackedPage,
} from '@wayfarer/shared/constants';
import { PAGES } from '@wayfarer/shared/api/pages';
import { viewerGroup } from '@wayfarer/shared/api/rate-limits';
import { ADMIN_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { estimateDistinct, mergeSketches, sketchUpdate } from '@wayfarer/shared/domain/visitor-sketch';
import { adminPasswordMatches } from '../../domain/admin-password';
import { adminSessionCookie, adminSessionToken, isPlainHttpLocalhost } from '../../domain/admin-session';
import { MissingIpHashSecretError } from '../../domain/usage-subject';
import { BadRequestError, NotFoundError, RateLimitedError, UnauthorizedError } from '../../http/errors';
import { jsonReply, type HttpReply } from '../../http/reply';
import type { AnalyticsStore, DayFigures } from '../../ports/analytics';
import type { AttemptWindows } from '../../ports/identity';
import type { Clock, Events } from '../../ports/platform';
import { truncateIp } from './truncate-ip';

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

const keyedHash = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

/** The visitor's register and rank in the window's distinct-visitor sketch: the same every day, never stored. */
const visitorSketch = (secret: string, visitor: string) =>
  sketchUpdate(createHmac('sha256', secret).update(`sketch|${visitor}`).digest());

// --- Tracking ---------------------------------------------------------------------------------------------

export interface TrackInput {
  readonly page: TrackedPage;
  readonly signedIn: boolean;
  readonly sourceIp: string | undefined;
  /** CloudFront-Viewer-Country as received; anything but two letters counts as unknown. */
  readonly viewerCountry: string | undefined;
}

/**
 * docs/SPEC.md §4 Tracking: publishes `page.viewed`. The full IP leaves this function only as a hash keyed with
 * the secret and the day (unique visitors per day, unlinkable across days) and as a truncated address. A visitor
 * is a viewer group (an IPv4 address, an IPv6 /64: `viewerGroup`), as for the rate limits: one network that
 * takes a new address per request is still one visitor.
 */
export async function trackPageView(
  ports: { readonly events: Events; readonly clock: Clock },
  policy: { readonly ipHashSecret: string | undefined },
  input: TrackInput,
): Promise<{ ok: true }> {
  if (policy.ipHashSecret === undefined) throw new MissingIpHashSecretError();
  const now = ports.clock.now();
  const country = input.viewerCountry?.trim().toUpperCase();
  const visitor = input.sourceIp === undefined ? 'unknown' : viewerGroup(input.sourceIp);
  await ports.events.publish('pageViewed', {
    page: input.page,
    userKind: input.signedIn ? 'authenticated' : 'anonymous',
    truncatedIp: truncateIp(input.sourceIp),
    ...(country !== undefined && /^[A-Z]{2}$/.test(country) ? { country } : {}),
    visitorHash: keyedHash(policy.ipHashSecret, `${isoDay(now)}|${visitor}`),
    visitorSketch: visitorSketch(policy.ipHashSecret, visitor),
    viewedAt: now.toISOString(),
  });
  return { ok: true };
}

// --- The admin password -----------------------------------------------------------------------------------

/** The counter of admin password tries from every address together. */
const ADMIN_PASSWORD_ALL_COUNTER = 'admin-password-all';

export interface AdminPasswordPolicy {
  /** ADMIN_PASSWORD_HASH; undefined: no admin is configured and the dashboard does not exist. */
  readonly passwordHash: string | undefined;
  /** IP_HASH_SECRET: the failure counter is named by a keyed hash of the IP, never the IP. */
  readonly counterSecret: string | undefined;
}

/**
 * Checks the admin password (docs/SPEC.md §6) and answers with the session cookie. Five wrong tries from one IP
 * within the window lock that IP out, the right password included, until the window ends; so do
 * ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS wrong tries from all addresses together. Each try is counted before the
 * password is checked (one conditional write per counter) and given back when it was right, so parallel
 * guesses cannot all pass a check made before any of them counted.
 */
export async function checkAdminPassword(
  ports: { readonly attempts: AttemptWindows; readonly clock: Clock },
  policy: AdminPasswordPolicy,
  input: {
    readonly password: string;
    readonly sourceIp: string | undefined;
    readonly headers: Readonly<Record<string, string>>;
  },
): Promise<HttpReply> {
  if (policy.passwordHash === undefined) throw new NotFoundError(ADMIN_ERROR_KEYS.analyticsUnavailable);
  const password = adminPasswordSchema.safeParse(input.password);
  if (!password.success) throw new BadRequestError('password: Password is required');
  if (policy.counterSecret === undefined) throw new MissingIpHashSecretError();
  const ip = input.sourceIp === undefined ? 'unknown' : viewerGroup(input.sourceIp);
  const counter = `admin-password-ip:${keyedHash(policy.counterSecret, ip)}`;
  const now = ports.clock.now();
  const window = ADMIN_PASSWORD_FAILURE_WINDOW_SECONDS;
  if (!(await ports.attempts.reserve(counter, window, now, ADMIN_PASSWORD_MAX_FAILURES))) {
    throw new RateLimitedError();
  }
  if (
    !(await ports.attempts.reserve(
      ADMIN_PASSWORD_ALL_COUNTER,
      window,
      now,
      ADMIN_PASSWORD_GLOBAL_MAX_ATTEMPTS,
    ))
  ) {
    await ports.attempts.release(counter, window, now);
    throw new RateLimitedError();
  }
  if (!(await adminPasswordMatches(input.password, policy.passwordHash))) {
    throw new UnauthorizedError(ADMIN_ERROR_KEYS.invalidPassword);
  }
  // The right password is no failure: give both tries back.
  await Promise.all([
    ports.attempts.release(counter, window, now),
    ports.attempts.release(ADMIN_PASSWORD_ALL_COUNTER, window, now),
  ]);
  const expiresAt = Math.floor(now.getTime() / 1000) + ADMIN_SESSION_SECONDS;
  const cookie = adminSessionCookie(
    adminSessionToken(policy.passwordHash, expiresAt),
    ADMIN_SESSION_SECONDS,
    !isPlainHttpLocalhost(input.headers),
  );
  return jsonReply(200, { ok: true }, { cookies: [cookie] });
}

// --- Stats ------------------------------------------------------------------------------------------------

/** The UTC days of a period ending today, oldest first. */
export function periodDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    isoDay(new Date(today - (days - 1 - index) * 24 * 60 * 60 * 1000)),
  );
}

const sortedCounts = <Name extends string>(counts: Map<string, number>, name: Name) =>
  [...counts]
    .filter(([, views]) => views > 0)
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
    .map(([key, views]) => ({ [name]: key, views }) as Record<Name, string> & { views: number });

function addInto(target: Map<string, number>, counts: Readonly<Record<string, number>>) {
  for (const [name, value] of Object.entries(counts)) target.set(name, (target.get(name) ?? 0) + value);
}

const sum = (figures: readonly DayFigures[], pick: (day: DayFigures) => number) =>
  figures.reduce((total, day) => total + pick(day), 0);

/** Success over homepage views, as a percentage with one decimal; 0 before anyone has visited. */
export function conversionRate(homepage: number, success: number): number {
  return homepage === 0 ? 0 : Math.round((success / homepage) * 1000) / 10;
}

/**
 * docs/SPEC.md §3 Analytics stats over the last `days` UTC days (today included): one query per day plus one
 * for the recent list. Unique visitors are distinct over the whole period: the days' sketches merged (a visitor
 * on 5 days counts once; shared/domain/visitor-sketch.ts); anonymous
 * usage is the distinct anonymous subjects active in the period (total) and in the last 7 days (active).
 */
export async function analyticsStats(
  ports: { readonly analytics: AnalyticsStore; readonly clock: Clock },
  requestedDays: string | number | undefined,
): Promise<AnalyticsStats> {
  const parsed = analyticsPeriodSchema.safeParse(requestedDays ?? DEFAULT_ANALYTICS_PERIOD_DAYS);
  if (!parsed.success) throw new BadRequestError(`days: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const period = parsed.data;
  const now = ports.clock.now();
  const days = periodDays(Math.max(period, ACTIVE_ANONYMOUS_WINDOW_DAYS), now);
  const [allFigures, recent] = await Promise.all([
    ports.analytics.dayFigures(days),
    ports.analytics.recentViews(RECENT_VIEWS_MAX, `${days[days.length - period]}T00:00:00.000Z`),
  ]);
  const figures = allFigures.slice(-period);
  const byPage = new Map<string, number>();
  const byCountry = new Map<string, number>();
  for (const day of figures) {
    addInto(byPage, day.viewsByPage);
    addInto(byCountry, day.viewsByCountry);
  }
  const views = (page: string) => byPage.get(page) ?? 0;
  const funnel = {
    homepage: views(PAGES.home),
    subscribe: views(PAGES.subscribe),
    success: views(PAGES.subscribeSuccess),
  };
  return {
    period,
    pageViews: {
      total: [...byPage.values()].reduce((total, value) => total + value, 0),
      byPage: sortedCounts(byPage, 'page'),
      byDay: figures.map((day) => ({
        day: day.day,
        views: Object.values(day.viewsByPage).reduce((total, value) => total + value, 0),
      })),
      recent: recent.map((view) => ({
        user: view.userKind,
        page: view.page,
        ip: view.truncatedIp,
        time: view.viewedAt,
      })),
    },
    visitors: { unique: estimateDistinct(mergeSketches(figures.map((day) => day.visitorSketch))) },
    conversionFunnel: { ...funnel, conversionRate: conversionRate(funnel.homepage, funnel.success) },
    countries: { byCountry: sortedCounts(byCountry, 'country') },
    anonymousUsage: {
      total: sum(figures, (day) => day.anonymousLastActive),
      active: sum(allFigures.slice(-ACTIVE_ANONYMOUS_WINDOW_DAYS), (day) => day.anonymousLastActive),
    },
  };
}
