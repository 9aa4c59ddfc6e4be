import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';
import { deniedMicrophone, fakeMedia, pointFakeMedia } from './fake-microphone';

interface FakeMediaOptions {
  /** The WAV (from e2e/fixtures) the test's fake microphone plays once from each capture's start. */
  readonly microphone: string;
  /** The MJPEG (from e2e/fixtures) the test's fake camera shows. */
  readonly camera: string;
  readonly fakeMediaPointed: void;
}

/**
 * Every test is its own traveller, from an address of its own, as travellers are: the shared local cloud runs with
 * its real per-viewer limits and allowances, and believes the test runner as an operator's reverse proxy in front
 * of it (TRUSTED_PROXIES=127.0.0.1,::1 in playwright.config.ts, the setting an operator behind nginx uses), so the
 * X-Forwarded-For each test's browser context sends is the viewer. Without it the whole suite is one visitor,
 * which meets the limits no traveller meets (the speech key's rate limit refused tests on two workers).
 *
 * Every test's browser has a fake microphone and camera (support/fake-microphone.ts): `test.use({ microphone })`
 * chooses what it hears. The choice is the test's, not the worker's, so the specs share their workers' browsers
 * instead of starting a worker each (docs/E2E.md, Workers).
 */
export const test = base.extend<FakeMediaOptions>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, 'X-Forwarded-For': travellerAddress(testInfo) });
  },
  launchOptions: [
    // Playwright needs the fixtures argument destructured even when no fixture is used.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => provide(fakeMedia(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  microphone: ['silence.wav', { option: true }],
  camera: ['menu.mjpeg', { option: true }],
  fakeMediaPointed: [
    async ({ microphone, camera }, provide, testInfo) => {
      pointFakeMedia(testInfo.parallelIndex, microphone, camera);
      await provide();
    },
    { auto: true },
  ],
});

/**
 * The test of a traveller whose browser answers every media prompt "block": launch flags of its own, so one worker
 * for the specs that take it (a `test.use` of launch options in each file would start a worker per file).
 */
export const testWithDeniedMicrophone = test.extend({
  launchOptions: [deniedMicrophone(), { scope: 'worker' }],
});

/** A private address (10/8) drawn from the test, its project, its repeat and its retry: a new one each try. */
export function travellerAddress(testInfo: TestInfo): string {
  const seed = `${testInfo.testId}|${testInfo.project.name}|${testInfo.repeatEachIndex}|${testInfo.retry}`;
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(seed).digest();
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

/** The status badge of a voice session that is live: listening, or already hearing speech. */
export const LIVE = /^(recording|transcribing|transcribed)$/;
