import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from './support/browser';
import { signInFresh } from './support/sign-in';
import { test } from './support/traveller';

// These tests are about the service worker, which the suite allows (playwright.config.ts).

/** The first visit installs the service worker; it claims the page once it has precached the app. */
async function visitOnce(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('main-button')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

test('after one visit the app opens offline, and the voice screen says speech needs a connection, in the traveller’s language too', async ({
  page,
  context,
}) => {
  await visitOnce(page);
  await context.setOffline(true);

  await page.goto('/');
  await expect(page.getByTestId('main-button')).toBeVisible();
  await expect(page.getByTestId('voice-offline-notice')).toBeVisible();
  await expect(page.getByTestId('voice-offline-notice')).toContainText(/connection/i);

  await page.goto('/history');
  await expect(page.getByTestId('history-page')).toBeVisible();
  await expect(page.getByTestId('history-empty')).toBeVisible();
  await expect(page.getByTestId('history-offline-notice')).toBeVisible();

  // The worker never answers for the API from a cache: offline, an API call fails.
  const apiAnswered = await page.evaluate(() =>
    fetch('/api/health').then(
      () => true,
      () => false,
    ),
  );
  expect(apiAnswered).toBe(false);

  // Only English's locale file is precached; another interface language is cached when it is first loaded, and
  // the app then opens offline in it.
  await context.setOffline(false);
  await page.goto('/?lng=fr');
  await expect(page.getByTestId('main-button')).toBeVisible();
  await page.waitForFunction(
    (url) => caches.match(url).then((response) => response !== undefined),
    '/locales/fr/translation.json',
  );
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByTestId('voice-offline-notice')).toContainText('hors ligne');
});

test('a signed-in traveller who opens the app offline is still signed in, and sees the account again online', async ({
  page,
  context,
}) => {
  const email = await signInFresh(page);
  await visitOnce(page);
  const compact = (page.viewportSize()?.width ?? 0) < 768;
  const openMenu = () => page.getByTestId(compact ? 'hamburger' : 'user-menu').click();
  await openMenu();
  await expect(page.getByTestId('user-menu-email')).toContainText(email);

  // In a tunnel: the user fetch cannot reach the server, which says nothing about the session.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByTestId('main-button')).toBeVisible();
  await openMenu();
  await expect(page.getByTestId('menu-logout')).toBeVisible();
  await expect(page.getByTestId('header-login')).toBeHidden();

  await context.setOffline(false);
  await page.goto('/');
  await openMenu();
  await expect(page.getByTestId('user-menu-email')).toContainText(email);
});

test('the app is installable: manifest fields, reachable icons, a service worker controlling the page', async ({
  page,
}) => {
  // Two first visits, each waiting for its service worker to precache the app, and a browser of its own.
  test.setTimeout(120_000);
  await visitOnce(page);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestResponse = await page.request.get(manifestHref!);
  expect(manifestResponse.ok()).toBe(true);
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Wayfarer',
    short_name: 'Wayfarer',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  for (const icon of manifest.icons.filter((each) => each.type === 'image/png')) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    // A PNG's IHDR holds its width and height, which must be what the manifest says.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }

  // Light and dark browser chrome each get their colour.
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveCount(1);

  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(new URL(scriptUrl!).pathname).toBe('/sw.js');

  // Chromium's own installability check, the one Lighthouse reads, in a browser profile of its own: Playwright's
  // contexts are incognito, which Chromium always reports as not installable. The whole browser: the headless shell
  // has no app installation to check.
  const profile = await mkdtemp(path.join(tmpdir(), 'wayfarer-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--disable-gpu', '--disable-quic'],
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const installPage = browser.pages()[0] ?? (await browser.newPage());
    await visitOnce(installPage);
    const cdp = await browser.newCDPSession(installPage);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});
