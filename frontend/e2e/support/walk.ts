import type { Page } from '@playwright/test';

/**
 * The page for the next step of a walk (several rules proven in one browser context, a `test.step` each). The
 * app leaves the last step's page for a document of the server's (so nothing of it writes storage again), the
 * origin's local storage and the context's cookies are cleared, and the page is closed, which drops what was the
 * page's: its init scripts, `page.route`s, extra headers, media emulation, listeners, the app in memory. The
 * context keeps its service worker and the worker's cache, which is what a walk saves: a first visit installs the
 * worker and precaches the app (docs/E2E.md). It keeps too what is the context's: permissions, `context.route`s
 * and Playwright's clock (a step that installs the clock comes last).
 */
export async function nextPage(page: Page): Promise<Page> {
  const context = page.context();
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.clear());
  await context.clearCookies();
  await page.close();
  return context.newPage();
}
