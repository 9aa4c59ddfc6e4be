import { expect } from '@playwright/test';
import { test } from './support/traveller';
import { saveScreenshot } from './support/screenshots';
import { nextPage } from './support/walk';

const instagramIos =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54 (iPhone14,5; iOS 17_4)';
const facebookAndroid =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.54 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/458.0.0.43.112;]';

test.describe('in an Instagram in-app browser', () => {
  test.use({ userAgent: instagramIos });

  test('a full-screen overlay blocks the app and explains why @layout', async ({ page }, testInfo) => {
    await page.goto('/');
    const overlay = page.getByTestId('inapp-overlay');

    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveAttribute('data-reason', 'in-app');
    await expect(page.getByRole('dialog', { name: 'Open Wayfarer in your browser' })).toBeVisible();
    await expect(page.getByTestId('inapp-copy-link')).toBeFocused();
    // The app behind is inert: it can be neither clicked nor reached with the keyboard.
    await expect(page.locator('.app-shell')).toHaveAttribute('inert', '');
    const box = await overlay.boundingBox();
    expect(box?.width).toBe(page.viewportSize()?.width);
    expect(box?.height).toBe(page.viewportSize()?.height);
    await saveScreenshot(page, testInfo, 'inapp-overlay');
  });
});

// A walk: the rules of a context, a `test.step` each, in a fresh page of that context each (support/walk.ts), so
// the service worker installs and precaches the app once per context, not once per rule (docs/E2E.md). An in-app
// browser is a user agent, which is the context's: each has a context of its own, which inherits the test's
// options (its traveller's address included) but the user agent.
test('the overlay in Instagram and Facebook, without navigator.mediaDevices, and never in a regular browser', async ({
  page: firstPage,
  browser,
  baseURL,
}) => {
  // Six rules in three contexts: a ceiling for a loaded machine, never a wait.
  test.setTimeout(180_000);
  let page = firstPage;

  await test.step('a regular browser never sees the overlay', async () => {
    await page.goto('/');
    await expect(page.getByTestId('hero-banner')).toBeVisible();
    await expect(page.getByTestId('inapp-overlay')).toHaveCount(0);
  });

  await test.step('in a browser without navigator.mediaDevices the overlay says the browser cannot use the microphone', async () => {
    page = await nextPage(page);
    await page.addInitScript(() => {
      delete (Navigator.prototype as { mediaDevices?: unknown }).mediaDevices;
    });
    await page.goto('/');

    await expect(page.getByTestId('inapp-overlay')).toHaveAttribute('data-reason', 'no-media-devices');
    await expect(page.getByRole('dialog', { name: 'This browser cannot use your microphone' })).toBeVisible();
    await expect(page.getByTestId('inapp-copy-link')).toBeVisible();
    await expect(page.getByTestId('inapp-open-browser')).toBeVisible();
  });

  const instagram = await browser.newContext({ userAgent: instagramIos });
  try {
    let inApp = await instagram.newPage();

    await test.step('in Instagram: Copy link puts the page address on the clipboard and confirms it', async () => {
      await instagram.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
      await inApp.goto('/translate-photo');

      await inApp.getByTestId('inapp-copy-link').click();

      await expect(inApp.getByText('Link copied')).toBeVisible();
      expect(await inApp.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/translate-photo`);
    });

    await test.step('in Instagram: Copy link still works where the Clipboard API is refused', async () => {
      inApp = await nextPage(inApp);
      await instagram.clearPermissions();
      await inApp.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
        });
      });
      await inApp.goto('/');

      await inApp.getByTestId('inapp-copy-link').click();

      await expect(inApp.getByText('Link copied')).toBeVisible();
    });

    await test.step('in Instagram: Open in browser hands the page to Safari on iOS', async () => {
      inApp = await nextPage(inApp);
      await inApp.goto('/');
      // Chromium cannot follow x-safari-https:, but the request it aborts shows where the button led.
      const launched = inApp.waitForRequest((request) => request.url().startsWith('x-safari-'));

      await inApp.getByTestId('inapp-open-browser').click();

      expect((await launched).url()).toBe(`x-safari-${baseURL}/`);
    });
  } finally {
    await instagram.close();
  }

  await test.step('in a Facebook in-app browser on Android: Open in browser uses an Android intent', async () => {
    const facebook = await browser.newContext({ userAgent: facebookAndroid });
    try {
      const inApp = await facebook.newPage();
      await inApp.goto('/translate-photo');
      await expect(inApp.getByTestId('inapp-overlay')).toBeVisible();
      const launched = inApp.waitForRequest((request) => request.url().startsWith('intent:'));

      await inApp.getByTestId('inapp-open-browser').click();

      // The request line drops the #Intent;... fragment; browser-support.test.ts checks the whole URL.
      expect((await launched).url()).toBe(`intent://${new URL(baseURL ?? '').host}/translate-photo`);
    } finally {
      await facebook.close();
    }
  });
});
