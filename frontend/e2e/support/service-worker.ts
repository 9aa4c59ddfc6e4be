import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker controls the page, as it does for every visitor who has opened the app
 * once (it claims the page once it has precached the app shell).
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}
