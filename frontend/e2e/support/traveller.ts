import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';

/**
 * Every test is its own traveller, from an address of its own, as travellers are: the shared local cloud runs with
 * its real per-viewer limits and allowances, and believes the test runner as an operator's reverse proxy in front
 * of it (TRUSTED_PROXIES=127.0.0.1,::1 in playwright.config.ts, the setting an operator behind nginx uses), so the
 * X-Forwarded-For each test's browser context sends is the viewer. Without it the whole suite is one visitor,
 * which meets the limits no traveller meets (the speech key's rate limit refused tests on two workers).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, 'X-Forwarded-For': travellerAddress(testInfo) });
  },
});

/** A private address (10/8) drawn from the test, its project, its repeat and its retry: a new one each try. */
export function travellerAddress(testInfo: TestInfo): string {
  const seed = `${testInfo.testId}|${testInfo.project.name}|${testInfo.repeatEachIndex}|${testInfo.retry}`;
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(seed).digest();
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

/** The status badge of a voice session that is live: listening, or already hearing speech. */
export const LIVE = /^(recording|transcribing|transcribed)$/;
