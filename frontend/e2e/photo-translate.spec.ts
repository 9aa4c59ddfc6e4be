import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { PAGES } from '@wayfarer/shared/api/pages';
import { secondServerAppOrigin, onSecondServer, withoutPageViews } from './support/second-server';
import { seriousAxeViolations } from './support/serious-axe-violations';

// Photo translation end to end (docs/SPEC.md §2, §6): the fake camera shows menu.mjpeg (docs/E2E.md), a subscriber
// made through local billing captures it, the embedded OCR reads it and the configured translator (the
// protocol-faithful OpenAI-compatible server) translates it; the embedded analyser finds the euro prices.

// Two shared cores, OCR, cognito-local and a webhook: allow for a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ camera: 'menu.mjpeg' });
test.describe.configure({ timeout: 120_000 });
// The suite's second local cloud: the OpenAI-compatible test server translates there, OCR stays embedded.
onSecondServer();

const PASSWORD = 'Travel!2024x';
const MENU_LINES = ['Croque monsieur', 'Salade niçoise', 'Café crème'];
const MENU_PRICES = [8.5, 12, 3.2];

// The local checkout returns to APP_URL's host, so the app is opened there to keep the token it stored.
const appOrigin = secondServerAppOrigin;

const uniqueEmail = (kind: string) =>
  `${kind}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function register(page: Page, kind: string): Promise<void> {
  await page.goto(`${appOrigin()}${PAGES.register}`);
  await page.getByTestId('register-email').fill(uniqueEmail(kind));
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(new RegExp(`${appOrigin()}/?$`));
}

async function subscribe(page: Page): Promise<void> {
  await page.goto(`${appOrigin()}${PAGES.subscribe}`);
  await page.getByTestId('subscribe-terms').check();
  await page.getByTestId('subscribe-button').click();
  await page.getByTestId('local-checkout-pay').click();
  await expect(page.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'confirmed');
}

/** Records every camera track the page opens, so the test can see that none is left live. */
async function watchTracks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

const liveTrackCount = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.filter(
        (track) => track.readyState === 'live',
      ).length,
  );

async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const serious = await seriousAxeViolations(page);
  expect(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await withoutPageViews(context);
  return context.newPage();
}

test('a signed-out visitor meets the gate with data-reason="login"', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${appOrigin()}${PAGES.translatePhoto}`);
  await expect(page.getByTestId('photo-gate')).toHaveAttribute('data-reason', 'login');
  await expect(page.getByTestId('camera-view')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'gate');
  await page.context().close();
});

test('a free user meets the gate with data-reason="subscription"', async ({ browser }) => {
  const page = await newPage(browser);
  await register(page, 'free');
  await page.goto(`${appOrigin()}${PAGES.translatePhoto}`);
  await expect(page.getByTestId('photo-gate')).toHaveAttribute('data-reason', 'subscription');
  await page.getByTestId('photo-gate-action').click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await page.context().close();
});

test('a subscriber photographs a menu, reads its lines translated, converts its prices; no camera track outlives the screen', async ({
  page,
}) => {
  await watchTracks(page);
  await register(page, 'photo');
  await subscribe(page);

  await page.getByTestId('nav-photo').click();
  await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted');
  expect(await liveTrackCount(page)).toBe(1);
  await expectNoSeriousViolations(page, 'camera');
  await page.getByTestId('capture-button').click();
  await expect(page.getByTestId('captured-image')).toBeVisible();
  expect(await liveTrackCount(page)).toBe(0);

  await expect(page.getByTestId('photo-language-select')).toHaveValue('en');
  await page.getByTestId('photo-language-select').selectOption('de');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/vision/translate-image'));
  await page.getByTestId('photo-translate-button').click();
  expect((await answer).status()).toBe(200);

  const original = page.getByTestId('photo-original');
  for (const line of MENU_LINES) await expect(original).toContainText(line);
  await expect(page.getByTestId('photo-translated')).not.toBeEmpty();

  const convert = page.getByTestId('photo-convert-prices');
  await expect(convert).toHaveAttribute('data-count', String(MENU_PRICES.length));
  await convert.click();
  const items = page.getByTestId('price-item');
  await expect(items).toHaveCount(MENU_PRICES.length);
  const amounts = await items.evaluateAll((nodes) =>
    nodes.map((node) => Number(node.getAttribute('data-amount'))),
  );
  expect(amounts.sort((a, b) => a - b)).toEqual([...MENU_PRICES].sort((a, b) => a - b));
  for (const item of await items.all()) await expect(item).toHaveAttribute('data-currency', 'EUR');

  await page.getByTestId('currency-select').selectOption('USD');
  for (const item of await items.all()) {
    await expect(item).toHaveAttribute('data-target-currency', 'USD');
    await expect(item).not.toHaveAttribute('data-converted', '');
  }

  await expectNoSeriousViolations(page, 'result');

  // Retake opens the camera again; leaving the screen by the header link must release it.
  await page.getByTestId('retake-button').click();
  await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted');
  expect(await liveTrackCount(page)).toBe(1);
  await page.getByTestId('nav-home').click();
  await expect(page).toHaveURL(new RegExp(`${appOrigin()}/?$`));
  await expect.poll(() => liveTrackCount(page)).toBe(0);

  // Back by the browser's history (popstate) and away again the same way.
  await page.goBack();
  await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted');
  await page.goBack();
  await expect.poll(() => liveTrackCount(page)).toBe(0);
});
