import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@wayfarer/infra/local/free-port';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface LocalServer {
  readonly baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second `npm run serve` (the built SPA must exist) with its own port, data folder and environment, for specs
 * that need settings the shared web server does not have (e.g. ANON_DAILY_SECONDS). It runs in its own process
 * group, and stop() sends SIGTERM to that group so the local cloud stops its children too.
 */
export async function startLocalServer(env: Record<string, string>): Promise<LocalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wayfarer-e2e-extra-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['run', 'serve'], {
    cwd: repositoryRoot,
    // Each test its own traveller, as on the shared server (support/traveller.ts).
    env: {
      ...process.env,
      RATE_LIMITS: 'off',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  // If the worker ends first (a hook timed out before stop() could be called), the server must not outlive it.
  const killOnExit = () => {
    if (running && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', killOnExit);
  void exited.then(() => {
    running = false;
    process.off('exit', killOnExit);
  });

  const stop = async () => {
    if (running && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS)),
      ]);
      if (timedOut && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running) {
      await stop();
      throw new Error(`npm run serve exited before it was healthy:\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`npm run serve was not healthy within ${START_TIMEOUT_MS} ms:\n${stderr}`);
}
