import type { AnalyticsPeriodDays } from '@wayfarer/shared/constants';
import { callRoute } from '../../lib/api-client';

export const verifyAdminPassword = (password: string) =>
  callRoute('analytics.verifyAdminPassword', { body: { password } });

export const fetchAnalyticsStats = (days: AnalyticsPeriodDays, signal?: AbortSignal) =>
  callRoute('analytics.stats', { query: { days }, signal });
