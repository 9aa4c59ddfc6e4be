import * as z from 'zod';
import { ANALYTICS_PERIOD_DAYS, TRACKED_PAGES } from '../constants';

const periods: readonly number[] = ANALYTICS_PERIOD_DAYS;

export const analyticsPeriodSchema = z.coerce
  .number()
  .int()
  .refine(
    (days) => periods.includes(days),
    `days must be ${periods.slice(0, -1).join(', ')} or ${periods.at(-1)}`,
  );

/** A blank password is refused, as the prompt refuses it (docs/SPEC.md §5). */
export const adminPasswordSchema = z.string().trim().min(1, 'Password is required').max(256);

// The route schemas check only the shape; the rules above are checked by the analytics area, which answers
// a broken rule with 400 (the stack's own answer to a schema failure is 422).
export const verifyAdminPasswordRequestSchema = z.object({ password: z.string().max(256) });
export const statsQuerySchema = z.object({ days: z.union([z.number(), z.string().max(8)]).optional() });
/** Only the tracked pages (docs/SPEC.md §4 Tracking) are counted, so a caller cannot fill the table with paths. */
export const trackRequestSchema = z.object({ page: z.enum(TRACKED_PAGES) });

export const analyticsStatsSchema = z.object({
  period: z.number().int(),
  pageViews: z.object({
    total: z.number().int().nonnegative(),
    byPage: z.array(z.object({ page: z.string(), views: z.number().int().nonnegative() })),
    /** Every UTC day of the period, oldest first, for the views-per-day chart (ours, beside docs/SPEC.md §3). */
    byDay: z.array(z.object({ day: z.string(), views: z.number().int().nonnegative() })),
    recent: z.array(z.object({ user: z.string(), page: z.string(), ip: z.string(), time: z.string() })),
  }),
  visitors: z.object({ unique: z.number().int().nonnegative() }),
  conversionFunnel: z.object({
    homepage: z.number().int().nonnegative(),
    subscribe: z.number().int().nonnegative(),
    success: z.number().int().nonnegative(),
    conversionRate: z.number().nonnegative(),
  }),
  countries: z.object({
    byCountry: z.array(z.object({ country: z.string(), views: z.number().int().nonnegative() })),
  }),
  anonymousUsage: z.object({ total: z.number().int().nonnegative(), active: z.number().int().nonnegative() }),
});
export type AnalyticsStats = z.infer<typeof analyticsStatsSchema>;
