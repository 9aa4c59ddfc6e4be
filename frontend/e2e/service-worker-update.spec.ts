import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { serviceWorkerControls } from './support/service-worker';
import { startWebRootServer, type WebRootServer } from './support/web-root-server';

// A new build deployed while a tab is open (docs/SPEC.md §2, "Offline and updates"): the open tab keeps running
// the build it started with, its lazy screens included, though the server no longer has those files; the next
// visit after the tab closes runs the new build whole.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const builtApp = fileURLToPath(new URL('../dist', import.meta.url));
let webRoot = '';
const NEXT = 'next';

// A copy of the built app, served in front of the shared local cloud's API (support/web-root-server.ts): the
// deploy below changes only this copy, and no local cloud of the spec's own is needed.
let site: WebRootServer | undefined;
test.beforeAll(async ({ baseURL }) => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'wayfarer-e2e-web-'));
  cpSync(builtApp, webRoot, { recursive: true });
  site = await startWebRootServer(webRoot, baseURL!);
});
test.afterAll(async () => {
  await site?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

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
}) => {
  const baseURL = site!.baseURL;
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
