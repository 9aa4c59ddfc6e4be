import { serveApp } from '@wayfarer/infra/local/served-app';

const START_TIMEOUT_MS = 120_000;

export interface LocalServer {
  readonly baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second `npm run serve` (the built SPA must exist) with its own port, data folder and environment, for specs
 * that need settings the shared web server does not have (e.g. ANON_DAILY_SECONDS).
 */
export async function startLocalServer(env: Record<string, string>): Promise<LocalServer> {
  const app = await serveApp({
    // Each test its own traveller, as on the shared server (support/traveller.ts).
    env: { RATE_LIMITS: 'off', TRUSTED_PROXIES: '127.0.0.1,::1', ...env },
    timeoutMs: START_TIMEOUT_MS,
  });
  return { baseURL: app.url, stop: () => app.stop() };
}
