import { expect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { nextPage } from './support/walk';
import { LANGUAGE_PICKER_BREAKPOINT_PX } from '../src/lib/ui-constants';
import { hideDeviceTranslator, installDeviceTranslator } from './support/device-translator-stand-in';

// The shared local cloud has no translation engine, so GET /api/capabilities truthfully says 'unavailable' and
// the switch is disabled. These tests are about the picker alone, so they answer that one call as a server
// with a translation engine would; the country comes from the real route, through CloudFront's header.
async function openWithTranslation(page: Page) {
  await page.route('**/api/capabilities', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), translate: 'cloud' } });
  });
  await page.setExtraHTTPHeaders({ 'CloudFront-Viewer-Country': 'JP' });
  await page.goto('/');
  const toggle = page.getByTestId('translation-switch');
  await expect(toggle).toHaveAttribute('data-available', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-checked', 'true');
}

const chipLanguages = (page: Page) =>
  page
    .getByTestId('recent-language-chip')
    .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-lang')));

async function choose(page: Page, code: string) {
  await page.getByTestId('language-picker-trigger').click();
  await page.locator(`[data-testid="language-option"][data-lang="${code}"]`).click();
  await expect(page.getByTestId('language-picker')).toHaveCount(0);
  await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', code);
}

// Walks: the rules of one context, a `test.step` each, in a fresh page of that context each (support/walk.ts), so
// the service worker installs and precaches the app once per walk, not once per rule (docs/E2E.md).

test.describe('the picker @layout', () => {
  // A slow network's chunk is held back by page.route, which the service worker would serve from its precache
  // on any but the context's first visit (docs/E2E.md, Service worker); the popover and drawer are the same
  // without it.
  test.use({ serviceWorkers: 'block' });

  test('a popover from 768px and a bottom drawer below, which does not move when the on-device engine choice arrives', async ({
    page: firstPage,
  }) => {
    let page = firstPage;

    await test.step('the picker is a popover from 768px and a bottom drawer below, titled, with cancel and a list of at most 40vh', async () => {
      await openWithTranslation(page);
      const viewport = page.viewportSize()!;
      const variant = viewport.width >= LANGUAGE_PICKER_BREAKPOINT_PX ? 'popover' : 'drawer';
      const trigger = page.getByTestId('language-picker-trigger');
      await expect(trigger).toHaveAttribute('data-variant', variant);
      await trigger.click();

      const picker = page.getByTestId('language-picker');
      await expect(picker).toHaveAttribute('data-variant', variant);
      await expect(picker.getByRole('heading', { name: 'Select language' })).toBeVisible();
      await expect(picker.getByTestId('language-option')).toHaveCount(58);
      const list = await picker.getByTestId('language-picker-list').boundingBox();
      expect(list!.height).toBeLessThanOrEqual(viewport.height * 0.4 + 1);
      if (variant === 'drawer') {
        const box = await picker.boundingBox();
        expect(box!.y + box!.height).toBeGreaterThanOrEqual(viewport.height - 1);
      }

      await picker.getByTestId('language-picker-cancel').click();
      await expect(page.getByTestId('language-picker')).toHaveCount(0);
      await expect(trigger).toHaveAttribute('data-lang', 'fr');
    });

    await test.step('a slow network: switching translation on, the picker does not move when the on-device engine choice arrives (a tap aimed at it lands on it)', async () => {
      page = await nextPage(page);
      await installDeviceTranslator(page, { pairs: { 'en>fr': 'available' }, words: {} });
      // A slow network: the engine choice's code arrives only when the test lets it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/device-translation-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await openWithTranslation(page);
      const trigger = page.getByTestId('language-picker-trigger');
      const before = await trigger.boundingBox();
      release();
      await expect(page.getByTestId('translation-engine-select')).toBeVisible();
      expect(await trigger.boundingBox()).toEqual(before);
    });
  });
});

test('suggestions, recent languages, and no translation engine', async ({ page: firstPage }) => {
  let page = firstPage;

  await test.step('suggestions: the browser language, then the language of the caller country', async () => {
    await openWithTranslation(page);
    await page.getByTestId('language-picker-trigger').click();
    // The browser speaks en-US, the caller is in Japan, and French (the default output language) is current.
    await expect(page.getByTestId('language-suggestion')).toHaveCount(2);
    const suggested = await page
      .getByTestId('language-suggestion')
      .evaluateAll((options) => options.map((option) => option.getAttribute('data-lang')));
    expect(suggested).toEqual(['en', 'ja']);
  });

  await test.step('recent languages: most recent first, no duplicates, at most 3, removable, kept across visits', async () => {
    page = await nextPage(page);
    await openWithTranslation(page);
    for (const code of ['de', 'ja', 'it', 'es']) await choose(page, code);
    expect(await chipLanguages(page)).toEqual(['es', 'it', 'ja']);

    await page.locator('[data-testid="recent-language-chip"][data-lang="ja"] button').first().click();
    await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'ja');
    expect(await chipLanguages(page)).toEqual(['ja', 'es', 'it']);

    await page
      .locator('[data-testid="recent-language-chip"][data-lang="es"] [data-testid="recent-language-remove"]')
      .click();
    expect(await chipLanguages(page)).toEqual(['ja', 'it']);

    await page.reload();
    await expect(page.getByTestId('translation-switch')).toHaveAttribute('data-checked', 'true');
    await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'ja');
    expect(await chipLanguages(page)).toEqual(['ja', 'it']);
  });

  await test.step('without a translation engine the switch is off and says what the traveller can still do, naming no setting', async () => {
    page = await nextPage(page);
    // The shared local cloud runs with no OpenAI key and no OPENAI_BASE_URL, and this is a browser that cannot
    // translate on the device either (device-translation.spec.ts covers one that can).
    await hideDeviceTranslator(page);
    await page.goto('/');
    const toggle = page.getByTestId('translation-switch');
    await expect(toggle).toHaveAttribute('data-available', 'false');
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute('data-checked', 'false');
    // Operator detail (which variables to set) is for /api/capabilities and the README, not the traveller.
    await expect(page.getByTestId('translation-unavailable')).toContainText('still speak');
    await expect(page.getByTestId('translation-unavailable')).not.toContainText(/[A-Z][A-Z0-9]+_[A-Z0-9_]+/);
    await expect(page.getByTestId('transcript-translation')).toHaveCount(0);
  });
});
