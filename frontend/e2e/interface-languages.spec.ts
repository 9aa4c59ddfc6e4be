import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { pseudoTranslation } from '../src/lib/pseudo-locale';
import { signInFresh } from './support/sign-in';
import { test } from './support/traveller';

// docs/SPEC.md §1: the main screens fit a 375 px phone in Arabic (right to left), Japanese (no spaces to break at)
// and the pseudo-locale (English accented and 40% longer, standing in for the longest languages): no text runs out
// of its box and the page never scrolls sideways.

const english = JSON.parse(
  readFileSync(new URL('../../locales/en/translation.json', import.meta.url), 'utf8'),
) as Record<string, string>;

// The pseudo-locale goes in place of en's file, so the page must fetch it rather than take the service worker's copy.
test.use({ serviceWorkers: 'block' });

const languages = [
  { name: 'Arabic', code: 'ar', dir: 'rtl' },
  { name: 'Japanese', code: 'ja', dir: 'ltr' },
  { name: 'the pseudo-locale', code: 'en', dir: 'ltr', pseudo: true },
] as const;

const anonymousScreens = [
  { name: 'voice', path: PAGES.home, ready: 'main-button' },
  { name: 'login', path: PAGES.login, ready: 'login-submit' },
  { name: 'register', path: PAGES.register, ready: 'register-submit' },
  { name: 'photo gate', path: PAGES.translatePhoto, ready: 'photo-gate' },
  { name: 'history', path: PAGES.history, ready: 'history-page' },
] as const;

interface Overflow {
  readonly text: string;
  readonly box: string;
  readonly by: number;
}

/** Each visible text whose line box reaches past the block that holds it, by more than a pixel. */
function textsOutsideTheirBox(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: { text: string; box: string; by: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('select, script, style, [aria-hidden="true"], .visually-hidden'))
        continue;
      let box: HTMLElement | null = parent;
      while (box && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
      if (!box || !parent.checkVisibility()) continue;
      const outer = box.getBoundingClientRect();
      if (outer.width <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        const by = Math.max(outer.left - line.left, line.right - outer.right);
        if (line.width > 0 && by > 1) {
          found.push({ text: text.slice(0, 60), box: box.className || box.tagName, by: Math.round(by) });
          break;
        }
      }
    }
    return found;
  });
}

async function checkScreen(page: Page, path: string, ready: string, dir: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId(ready).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  // Fonts in, so the boxes are measured with the glyphs the reader sees.
  await page.evaluate(() => document.fonts.ready);
  expect(await textsOutsideTheirBox(page), `text outside its box on ${path}`).toEqual([]);
  const widths = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.innerWidth);
}

for (const language of languages) {
  test(`the main screens fit a phone in ${language.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: LOCAL_STORAGE_KEYS.uiLanguage,
      value: language.code,
    });
    if ('pseudo' in language)
      await page.route('**/locales/en/translation.json', (route) =>
        route.fulfill({ json: pseudoTranslation(english) }),
      );

    for (const screen of anonymousScreens)
      await test.step(screen.name, () => checkScreen(page, screen.path, screen.ready, language.dir));

    await test.step('subscribe', async () => {
      await signInFresh(page);
      await checkScreen(page, PAGES.subscribe, 'subscribe-button', language.dir);
    });

    if ('pseudo' in language) await expect(page.locator('h1').first()).toContainText('[');
  });
}
