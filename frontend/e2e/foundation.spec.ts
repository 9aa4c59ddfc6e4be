import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { nextPage } from './support/walk';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';

// Walks: the rules of one context, a `test.step` each, in a fresh page of that context each (support/walk.ts), so
// the service worker installs and precaches the app once per walk, not once per rule (docs/E2E.md).

test('the 404 page, the header links, what the server answers, and the theme', async ({
  page: firstPage,
  browser,
}) => {
  // Eight rules: a ceiling for a loaded machine, never a wait.
  test.setTimeout(180_000);
  let page = firstPage;

  await test.step('404 page: an unknown path shows the 404 page and Go Home leads to /', async () => {
    await page.goto('/nope');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('app-header')).toBeVisible();

    await page.getByTestId('go-home').click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('not-found')).toBeHidden();
  });

  await test.step('404 page: Go Back returns to the page the visitor came from', async () => {
    page = await nextPage(page);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/nope');

    await page.getByTestId('go-back').click();

    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  await test.step('404 page: Go Back goes home when the 404 is the first page of a new tab', async () => {
    page = await nextPage(page);
    await page.goto('/');
    // A tab opened by window.open starts with an empty history, like a link opened in a new tab; a page from
    // page.goto would still have the initial about:blank behind it.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/nope', '_blank', 'noopener')),
    ]);
    await expect(tab.getByTestId('not-found')).toBeVisible();
    expect(await tab.evaluate(() => history.length)).toBe(1);

    await tab.getByTestId('go-back').click();

    await expect(tab).toHaveURL(/\/$/);
    await expect(tab.getByTestId('not-found')).toBeHidden();
    await tab.close();
  });

  await test.step('the header links open the photo screen and come back home', async () => {
    page = await nextPage(page);
    await page.goto('/');
    const homeHeading = await page.getByRole('heading', { level: 1 }).textContent();

    await page.getByTestId('nav-photo').click();
    await expect(page).toHaveURL(/\/translate-photo$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(homeHeading ?? '');

    await page.getByTestId('nav-home').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading ?? '');
  });

  await test.step('locale files are served as JSON', async () => {
    const response = await page.request.get('/locales/en/translation.json');

    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ app_title: expect.any(String) });
  });

  await test.step('an unknown API path answers 404 with an error body, not the SPA', async () => {
    const response = await page.request.get('/api/nope');

    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  // The interface language from ?lng= and remembered: shell-header.spec.ts ('interface language').

  await test.step('theme: is light by default', async () => {
    page = await nextPage(page);
    await page.goto('/');
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-amplify-color-mode', 'light');
  });

  await test.step('theme: a stored dark theme applies before the app starts', async () => {
    // A context of its own without the service worker: only a page the worker does not control sends its
    // scripts through page.route (docs/E2E.md, Service worker).
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const bare = await context.newPage();
      await bare.addInitScript((key) => localStorage.setItem(key, 'dark'), LOCAL_STORAGE_KEYS.theme);
      // Without the app bundle only index.html's inline script can have set the theme.
      await bare.route('**/assets/*.js', (route) => route.abort());

      await bare.goto('/');

      expect(await bare.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
      await expect(bare.locator('html')).toHaveAttribute('data-amplify-color-mode', 'dark');
    } finally {
      await context.close();
    }
  });
});

test.describe('first paint (docs/DESIGN.md §8) @layout', () => {
  // Every step reads what index.html paints before the app, its scripts held back by page.route, which only a page
  // the service worker does not control sends there (docs/E2E.md, Service worker): none of these loads was one.
  test.use({ serviceWorkers: 'block' });

  // The title's box, with the hero's step (whose hint can take another line, so the title's place depends on it).
  const titleBox = (page: Page) =>
    page.locator('h1').evaluate((heading) => {
      const { x, y, width, height } = heading.getBoundingClientRect();
      const step = document.querySelector<HTMLElement>('.hero')?.dataset.step;
      return { text: heading.textContent, x, y, width, height, step };
    });

  test("index.html paints the home screen's title in the visitor's language, where the app then draws it, and the app runs under CloudFront's policy", async ({
    page: firstPage,
  }) => {
    let page = firstPage;
    for (const heroDismissed of [false, true])
      await test.step(`index.html paints the home screen's title in the visitor's language, where the app then draws it${heroDismissed ? ', the hero dismissed' : ''}`, async () => {
        if (heroDismissed) page = await nextPage(page);
        await page.addInitScript(
          ({ languageKey, heroKey, dismissed }) => {
            localStorage.setItem(languageKey, 'fr');
            if (dismissed) localStorage.setItem(heroKey, 'true');
          },
          {
            languageKey: LOCAL_STORAGE_KEYS.uiLanguage,
            heroKey: LOCAL_STORAGE_KEYS.heroDismissed,
            dismissed: heroDismissed,
          },
        );
        // Without the app bundle only index.html (its markup and inline scripts) can have painted it.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto('/');
        const fromHtml = await titleBox(page);
        await page.unroute('**/assets/*.js');

        await page.goto('/');
        await expect(page.getByTestId('main-button')).toBeVisible();

        expect(fromHtml.text).toBe('Parlez, on vous comprend');
        expect(fromHtml.step).toBe(heroDismissed ? undefined : 'speak');
        // The hero moves on every second: compare when it shows the step index.html shows.
        await expect
          .poll(async () => {
            const box = await titleBox(page);
            return box.step === fromHtml.step ? box : 'another step';
          })
          .toEqual(fromHtml);
      });

    await test.step("the app's entry script runs only after index.html's first contentful paint", async () => {
      page = await nextPage(page);
      // When each module script joins the document, parser-inserted or added later.
      await page.addInitScript(() => {
        const added: number[] = [];
        (window as unknown as { moduleScriptsAdded: number[] }).moduleScriptsAdded = added;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLScriptElement && node.type === 'module') added.push(performance.now());
        }).observe(document, { childList: true, subtree: true });
      });

      await page.goto('/');
      await expect(page.getByTestId('main-button')).toBeVisible();

      const { added, paint } = await page.evaluate(() => ({
        added: (window as unknown as { moduleScriptsAdded: number[] }).moduleScriptsAdded,
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      expect(paint).toBeDefined();
      expect(added.length).toBeGreaterThan(0);
      for (const time of added) expect(time).toBeGreaterThanOrEqual(paint ?? Infinity);
    });

    await test.step("the app runs under CloudFront's policy, which allows index.html's inline scripts by hash only", async () => {
      page = await nextPage(page);
      // infra/aws/constructs/security-headers.ts: script-src 'self' and the SHA-256 of each inline script of the built
      // index.html (the frontend's tests may not import infra/aws, so the hashing is written out here).
      await page.route(
        (url) => url.pathname === '/',
        async (route) => {
          const response = await route.fetch();
          const html = await response.text();
          const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
            ([, body]) =>
              `'sha256-${createHash('sha256')
                .update(body ?? '', 'utf8')
                .digest('base64')}'`,
          );
          expect(hashes.length).toBeGreaterThanOrEqual(3);
          await route.fulfill({
            response,
            body: html,
            headers: {
              ...response.headers(),
              'content-security-policy': `script-src 'self' ${hashes.join(' ')}`,
            },
          });
        },
      );
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript((key) => localStorage.setItem(key, 'de'), LOCAL_STORAGE_KEYS.uiLanguage);

      await page.goto('/');

      await expect(page.getByTestId('main-button')).toBeVisible();
      expect((await titleBox(page)).text).toBe('Sprechen und verstanden werden');

      expect(violations).toEqual([]);
    });
  });
});
