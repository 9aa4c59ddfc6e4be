import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { OWN_SERVER_PROJECT, runOwnLocalServer } from './support/own-local-server';
import { serviceWorkerControls } from './support/service-worker';

// A new build deployed while a tab is open (docs/SPEC.md §2, "Offline and updates"): the open tab keeps running
// the build it started with, its lazy screens included, though the server no longer has those files; the next
// visit after the tab closes runs the new build whole.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const builtApp = fileURLToPath(new URL('../dist', import.meta.url));
// One folder per run: the runner picks E2E_PORT once and every worker inherits it (playwright.config.ts).
const webRoot = path.join(tmpdir(), `wayfarer-e2e-web-${process.env.E2E_PORT ?? 'x'}`);
const NEXT = 'next';

// eslint-disable-next-line no-empty-pattern
test.beforeAll(({}, testInfo) => {
  if (testInfo.project.name !== OWN_SERVER_PROJECT) return;
  rmSync(webRoot, { recursive: true, force: true });
  mkdirSync(webRoot, { recursive: true });
  cpSync(builtApp, webRoot, { recursive: true });
});
test.afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const ownServer = runOwnLocalServer({ WEB_ROOT: webRoot });

/**
 * Deploys "the next build" over the served one as a deploy that deletes old files would: every hashed asset gets
 * a new name (the old files are gone from the server), index.html is marked, and the service worker's precache
 * list changes with them, so the browser sees a new worker.
 */
function deployNextBuild(root: string): void {
  const assetsDir = path.join(root, 'assets');
  const renames = readdirSync(assetsDir).map((name) => [name, name.replace(/(\.[a-z0-9]+)$/, `-${NEXT}$1`)]);
  const rewrite = (text: string) => renames.reduce((out, [from, to]) => out.split(from!).join(to!), text);
  for (const [from, to] of renames) {
    const source = readFileSync(path.join(assetsDir, from!));
    const body = /\.(js|css)$/.test(from!) ? rewrite(source.toString('utf8')) : source;
    writeFileSync(path.join(assetsDir, to!), body);
    unlinkSync(path.join(assetsDir, from!));
  }
  const index = path.join(root, 'index.html');
  writeFileSync(
    index,
    rewrite(readFileSync(index, 'utf8')).replace(
      '</head>',
      `<meta name="wayfarer-build" content="${NEXT}"></head>`,
    ),
  );
  const worker = path.join(root, 'sw.js');
  writeFileSync(
    worker,
    rewrite(readFileSync(worker, 'utf8')).replace(/(url:"index\.html",revision:")[^"]+/, `$1${NEXT}`),
  );
}

test('a build deployed while a tab is open: the tab keeps working, the next visit runs the new build', async ({
  context,
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== OWN_SERVER_PROJECT, 'one server of its own: runs once');
  const baseURL = ownServer();
  const build = (p: typeof page) => p.locator('meta[name="wayfarer-build"]');

  await page.goto(`${baseURL}/`);
  await expect(page.getByTestId('main-button')).toBeVisible();
  await serviceWorkerControls(page);

  deployNextBuild(webRoot);

  // The open tab: a lazy screen of the old build still opens (from the worker's cache: the server has no such
  // file any more), and a reload shows the old build whole rather than a blank page or a mix of the two.
  await page.getByTestId('nav-history').first().click();
  await expect(page.getByTestId('history-page')).toBeVisible();
  const waiting = page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
    const installing = registration?.installing ?? registration?.waiting;
    if (!installing) return 'none';
    if (installing.state === 'installed') return installing.state;
    return new Promise<string>((resolve) =>
      installing.addEventListener('statechange', () => {
        if (installing.state !== 'installing') resolve(installing.state);
      }),
    );
  });
  expect(await waiting).toBe('installed');
  await page.reload();
  await expect(page.getByTestId('history-page')).toBeVisible();
  await expect(build(page)).toHaveCount(0);

  // Every tab of the old build closed: the next visit runs the new one, shell and chunks, against today's API.
  await page.close();
  const next = await context.newPage();
  const oldChunks: string[] = [];
  next.on('response', (response) => {
    if (/\/assets\//.test(response.url()) && !response.url().includes(`-${NEXT}.`))
      oldChunks.push(response.url());
  });
  await next.goto(`${baseURL}/`);
  await expect(build(next)).toHaveCount(1);
  await expect(next.getByTestId('main-button')).toBeVisible();
  await next.getByTestId('nav-history').first().click();
  await expect(next.getByTestId('history-page')).toBeVisible();
  expect(oldChunks).toEqual([]);
});
