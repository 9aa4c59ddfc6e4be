import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from '@playwright/test';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

// The same browser as playwright.config.ts (docs/E2E.md: Debian's Chromium, no download). Launch options set with
// test.use replace the config's, so its executable and flags are repeated here.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseArgs = ['--disable-gpu', '--disable-quic', '--autoplay-policy=no-user-gesture-required'];

export function fixturePath(name: string): string {
  return path.join(fixtures, name);
}

/** Chromium with fake media devices, permission granted, fed from the file `fileArgument` names. */
function grantedFakeDevice(fileArgument: string): LaunchOptions {
  return {
    executablePath: chromiumPath,
    args: [...baseArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', fileArgument],
  };
}

/** Chromium whose microphone plays `wavName` (from e2e/fixtures) once, with permission granted. */
export function fakeMicrophone(wavName: string): LaunchOptions {
  return grantedFakeDevice(`--use-file-for-fake-audio-capture=${fixturePath(wavName)}%noloop`);
}

/** Chromium whose microphone prompt is always answered "block" (getUserMedia: NotAllowedError). */
export function deniedMicrophone(): LaunchOptions {
  return {
    executablePath: chromiumPath,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'],
  };
}

/** Chromium whose camera shows `mjpegName` (from e2e/fixtures), with permission granted (docs/E2E.md). */
export function fakeCamera(mjpegName: string): LaunchOptions {
  return grantedFakeDevice(`--use-file-for-fake-video-capture=${fixturePath(mjpegName)}`);
}
