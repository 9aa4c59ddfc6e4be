import * as z from 'zod';
import { ANALYTICS_PERIOD_DAYS } from '../constants';

const periods: readonly number[] = ANALYTICS_PERIOD_DAYS;

export const analyticsPeriodSchema = z.coerce
  .number()
  .int()
  .refine(
    (days) => periods.includes(days),
    `days must be ${periods.slice(0, -1).join(', ')} or ${periods.at(-1)}`,
  );

export const verifyAdminPasswordRequestSchema = z.object({
  password: z.string().trim().min(1, 'Password is required').max(256),
});
export const statsQuerySchema = z.object({ days: analyticsPeriodSchema.optional() });
/** Pages are app paths, possibly with a query string; bounded so a tracker cannot fill the table. */
export const trackRequestSchema = z.object({
  page: z.string().trim().min(1).max(512).startsWith('/'),
});

export const analyticsStatsSchema = z.object({
  period: z.number().int(),
  pageViews: z.object({
    total: z.number().int().nonnegative(),
    byPage: z.array(z.object({ page: z.string(), views: z.number().int().nonnegative() })),
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
