import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from '@playwright/test';
import { BROWSER_ARGS, TEST_BROWSER_PATH } from './browser';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixturePath(name: string): string {
  return path.join(fixtures, name);
}

/**
 * Where a worker's fake devices read their media: a link per device and per parallel worker, which each test points
 * at its own fixture (support/traveller.ts). Chromium opens the file again for every capture it starts, so one
 * browser serves every fixture, and the whole suite runs in a few workers instead of one per fixture.
 */
function mediaLink(parallelIndex: number, device: 'microphone' | 'camera'): string {
  const folder = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), 'fake-media');
  return path.join(folder, `${device}-${parallelIndex}${device === 'microphone' ? '.wav' : '.mjpeg'}`);
}

/** Points a worker's fake microphone at `wavName` and its camera at `mjpegName` (from e2e/fixtures). */
export function pointFakeMedia(parallelIndex: number, wavName: string, mjpegName: string): void {
  for (const [device, name] of [
    ['microphone', wavName],
    ['camera', mjpegName],
  ] as const) {
    const link = mediaLink(parallelIndex, device);
    mkdirSync(path.dirname(link), { recursive: true });
    rmSync(link, { force: true });
    symlinkSync(fixturePath(name), link);
  }
}

/**
 * Chromium with fake media devices and permission granted: its microphone plays, once, the file the test chose
 * (`test.use({ microphone })`), its camera shows the test's `camera`. Launch options set here replace the config's,
 * so they give its browser and flags again (browser.ts).
 */
export function fakeMedia(parallelIndex: number, args: readonly string[] = BROWSER_ARGS): LaunchOptions {
  return {
    executablePath: TEST_BROWSER_PATH,
    args: [
      ...args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${mediaLink(parallelIndex, 'microphone')}%noloop`,
      `--use-file-for-fake-video-capture=${mediaLink(parallelIndex, 'camera')}`,
    ],
  };
}

/** Chromium whose microphone prompt is always answered "block" (getUserMedia: NotAllowedError). */
export function deniedMicrophone(): LaunchOptions {
  return {
    executablePath: TEST_BROWSER_PATH,
    args: [...BROWSER_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'],
  };
}
