import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from '@playwright/test';
import { BROWSER_ARGS, TEST_BROWSER_PATH } from './browser';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

// Launch options set with test.use replace the config's, so these give its browser and flags again (browser.ts).

export function fixturePath(name: string): string {
  return path.join(fixtures, name);
}

/** Chromium with fake media devices, permission granted, fed from the file `fileArgument` names. */
function grantedFakeDevice(fileArgument: string): LaunchOptions {
  return {
    executablePath: TEST_BROWSER_PATH,
    args: [
      ...BROWSER_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      fileArgument,
    ],
  };
}

/** Chromium whose microphone plays `wavName` (from e2e/fixtures) once, with permission granted. */
export function fakeMicrophone(wavName: string): LaunchOptions {
  return grantedFakeDevice(`--use-file-for-fake-audio-capture=${fixturePath(wavName)}%noloop`);
}

/** Chromium whose microphone prompt is always answered "block" (getUserMedia: NotAllowedError). */
export function deniedMicrophone(): LaunchOptions {
  return {
    executablePath: TEST_BROWSER_PATH,
    args: [...BROWSER_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'],
  };
}

/** Chromium whose camera shows `mjpegName` (from e2e/fixtures), with permission granted (docs/E2E.md). */
export function fakeCamera(mjpegName: string): LaunchOptions {
  return grantedFakeDevice(`--use-file-for-fake-video-capture=${fixturePath(mjpegName)}`);
}
