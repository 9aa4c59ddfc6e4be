import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from '@wayfarer/infra/local/free-port';
// Debian's browsers (docs/E2E.md): there is no browser download here, so never `playwright install` or `channel`.
import { BROWSER_ARGS, TEST_BROWSER_PATH } from './frontend/e2e/support/browser';

// Playwright loads this file again in every worker. The runner picks the port and the data folder once and
// leaves them in the environment, which the workers inherit, so all processes agree on one server.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wayfarer-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // 'exit' comes after Playwright has stopped the web server, so nothing is still writing there.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// The second and third local clouds (frontend/e2e/support/second-cloud.ts) and the scripted providers behind them.
// And the shared cloud's local port (its `/__local/` pages: the mail outbox), which the gateway refuses them on since
// it believes the runner as a proxy.
for (const name of [
  'E2E_SECOND_PORT',
  'E2E_THIRD_PORT',
  'E2E_OPENAI_PORT',
  'E2E_DEEPGRAM_PORT',
  'E2E_LOCAL_ROUTES_PORT',
]) {
  if (!process.env[name]) process.env[name] = String(await freePort());
}

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const secondURL = `http://127.0.0.1:${process.env.E2E_SECOND_PORT}`;
const thirdURL = `http://127.0.0.1:${process.env.E2E_THIRD_PORT}`;

const STOP = { signal: 'SIGTERM', timeout: 15_000 } as const;

export default defineConfig({
  testDir: 'frontend/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Ceilings, not waits: a passing test never waits for them. Two workers, two local clouds and their browsers keep
  // 2 cores at a load average of 10-13, where a first page load (service worker install included) has taken over
  // 5 s and a whole test several times its quiet duration; a condition that is met returns at once.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'dot' : 'list',
  use: {
    baseURL,
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: BROWSER_ARGS },
    // A trace is recorded for every test to keep the failing ones, and recording it (a screenshot per frame, a DOM
    // snapshot per action) made the browser, its GPU process and the runner do half as much work again as the tests
    // (docs/E2E.md, Browser). A failure keeps its screenshot and error context; `E2E_TRACE=1` records traces too.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The built app registers a service worker (frontend/vite.config.ts) and every visitor has it: the suite runs
    // with it, as they do. A spec that must see the network without it says why with its own
    // `test.use({ serviceWorkers: 'block' })`.
    serviceWorkers: 'allow',
  },
  // Every test runs on the phone; only the ones tagged @layout (layout, overflow, the header, screenshots, axe at
  // both sizes) run on the wide screen too, and @desktop ones (a flow through the wide header's menus) only there.
  projects: [
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      grepInvert: /@desktop/,
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grep: /@layout|@desktop/ },
  ],
  // The local cloud (infra/local/main.ts) serves the built SPA, /locales and /api; `npm run test:e2e` builds first.
  // Three of them, started side by side: Playwright starts its web servers one after the other, so the first entry
  // only launches the second and third clouds (and answers once their scripted providers listen), the shared one
  // starts meanwhile, and the last entries wait for the second and third to be healthy.
  webServer: [
    {
      // The second local cloud (small allowances, an admin password, scripted providers) and the third (a slow
      // translated voice, short-lived access tokens), for the specs that test those; started once for the run
      // (frontend/e2e/support/second-server-settings.ts).
      command: 'npx tsx frontend/e2e/support/second-cloud.ts',
      port: Number(process.env.E2E_OPENAI_PORT),
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: STOP,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npm run serve',
      url: `${baseURL}/api/health`,
      // Each test is its own traveller with an address of its own (support/traveller.ts): the server believes the
      // runner, as an operator's reverse proxy, about the viewer (TRUSTED_PROXIES), and keeps its real
      // per-viewer limits and daily allowances.
      env: {
        PORT: port,
        DATA_DIR: process.env.E2E_DATA_DIR,
        TRUSTED_PROXIES: '127.0.0.1,::1',
        LOCAL_ROUTES_PORT: String(process.env.E2E_LOCAL_ROUTES_PORT),
      },
      timeout: 120_000,
      reuseExistingServer: false,
      // SIGTERM lets the local cloud stop its own children (DynamoDB Local, cognito-local); Playwright's default
      // SIGKILL of the process group left them running.
      gracefulShutdown: STOP,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Nothing to start: the first entry started the second and third clouds; these wait until each is healthy
    // (already healthy, Playwright takes it as it is).
    ...[secondURL, thirdURL].map((url) => ({
      command: 'node -e "setInterval(() => {}, 1 << 30)"',
      url: `${url}/api/health`,
      timeout: 120_000,
      reuseExistingServer: true,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
  ],
});
