import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** The folder that `SHOTS_DIR=<folder> npx playwright test …` asks the walks to save their screenshots in. */
export const SHOTS_DIR = process.env.SHOTS_DIR;

/**
 * Saves a screenshot of the page as `<SHOTS_DIR>/<name>-<project>.png` for a person to look at, when SHOTS_DIR is
 * set; otherwise takes none. A screenshot asserts nothing, and a full page is a full render of the page: CI and a
 * plain run skip them. `npm run test:e2e` with SHOTS_DIR set is how a changed screen is looked at (docs/E2E.md).
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_DIR) return;
  await page.screenshot({
    path: path.join(SHOTS_DIR, `${name}-${testInfo.project.name}.png`),
    fullPage: options.fullPage ?? false,
    animations: 'disabled',
  });
}
