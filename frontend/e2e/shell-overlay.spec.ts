import { expect } from '@playwright/test';
import { test } from './support/traveller';

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
    await page.screenshot({ path: testInfo.outputPath('inapp-overlay.png') });
  });

  test('Copy link puts the page address on the clipboard and confirms it', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
    await page.goto('/translate-photo');

    await page.getByTestId('inapp-copy-link').click();

    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/translate-photo`);
  });

  test('Copy link still works where the Clipboard API is refused', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    await page.goto('/');

    await page.getByTestId('inapp-copy-link').click();

    await expect(page.getByText('Link copied')).toBeVisible();
  });

  test('Open in browser hands the page to Safari on iOS', async ({ page, baseURL }) => {
    await page.goto('/');
    // Chromium cannot follow x-safari-https:, but the request it aborts shows where the button led.
    const launched = page.waitForRequest((request) => request.url().startsWith('x-safari-'));

    await page.getByTestId('inapp-open-browser').click();

    expect((await launched).url()).toBe(`x-safari-${baseURL}/`);
  });
});

test.describe('in a Facebook in-app browser on Android', () => {
  test.use({ userAgent: facebookAndroid });

  test('Open in browser uses an Android intent', async ({ page, baseURL }) => {
    await page.goto('/translate-photo');
    await expect(page.getByTestId('inapp-overlay')).toBeVisible();
    const launched = page.waitForRequest((request) => request.url().startsWith('intent:'));

    await page.getByTestId('inapp-open-browser').click();

    // The request line drops the #Intent;... fragment; browser-support.test.ts checks the whole URL.
    expect((await launched).url()).toBe(`intent://${new URL(baseURL ?? '').host}/translate-photo`);
  });
});

test.describe('in a browser without navigator.mediaDevices', () => {
  test('the overlay says the browser cannot use the microphone', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { mediaDevices?: unknown }).mediaDevices;
    });
    await page.goto('/');

    await expect(page.getByTestId('inapp-overlay')).toHaveAttribute('data-reason', 'no-media-devices');
    await expect(page.getByRole('dialog', { name: 'This browser cannot use your microphone' })).toBeVisible();
    await expect(page.getByTestId('inapp-copy-link')).toBeVisible();
    await expect(page.getByTestId('inapp-open-browser')).toBeVisible();
  });
});

test('a regular browser never sees the overlay', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('hero-banner')).toBeVisible();
  await expect(page.getByTestId('inapp-overlay')).toHaveCount(0);
});
