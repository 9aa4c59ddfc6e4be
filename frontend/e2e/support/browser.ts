import { existsSync } from 'node:fs';

// The browsers the suite drives (docs/E2E.md, Browser): Debian's, never a download.

/** Debian's Chromium: the whole browser, for what only it does (installability). CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests run in: Debian's chromium-headless-shell when it is installed (.ci/run installs it), the
 * same engine without the browser's own windows and their work; Chromium otherwise. CHROMIUM_PATH overrides both.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** The flags every launch passes (Playwright adds --headless, --no-sandbox, --mute-audio and a fresh profile). */
export const BROWSER_ARGS = ['--disable-gpu', '--disable-quic', '--autoplay-policy=no-user-gesture-required'];
