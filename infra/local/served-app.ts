/**
 * The served app as a separate process, for whatever needs the real `npm run serve` rather than a local cloud in
 * its own process: the browser tests, the benchmarks, the fault suite. One place spawns it, waits for it and stops
 * it, so they all start it alike.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { freePort } from './free-port';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 180_000;
/** After SIGTERM the local cloud stops its children and exits; one that has not by then is killed outright. */
const STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 250;
/** How much of the app's stderr a failed start reports. */
const ERROR_TAIL_CHARS = 4_000;

export interface ServeOptions {
  /** Set over this process's environment (PORT and DATA_DIR are the helper's own). */
  readonly env?: Readonly<Record<string, string>>;
  /** Default: a free port. */
  readonly port?: number;
  /** Default: a fresh folder, removed by stop(). A given one is kept (a restart on the same data reuses it). */
  readonly dataDir?: string;
  /** Ready when this holds; default GET /api/health answering 200 (ready only once everything can serve). */
  readonly ready?: (url: string) => Promise<boolean>;
  readonly timeoutMs?: number;
  /** Where the app's stdout and stderr go: 'inherit', or a stream; by default only stderr is kept, for a failed start's error. */
  readonly output?: 'inherit' | Writable;
}

export interface ServedApp {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The app's own process (infra/local/main.ts), the leader of its process group. */
  readonly pid: number;
  /** Resolves with the exit code when the app exits, on its own or stopped. */
  readonly exited: Promise<number | null>;
  /** Signals the whole group (the local cloud's own children too) and waits for the app to exit; SIGTERM by default. */
  stop(options?: { readonly signal?: 'SIGTERM' | 'SIGKILL' }): Promise<void>;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Starts the served app (infra/local/main.ts, what `npm run serve` runs) in its own process group and waits until it is ready. */
export async function serveApp(options: ServeOptions = {}): Promise<ServedApp> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'wayfarer-served-')));
  const url = `http://127.0.0.1:${port}`;
  const output = options.output;
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), DATA_DIR: dataDir },
    // Its own group: a signal to the group reaches DynamoDB Local and cognito-local too.
    detached: true,
    stdio:
      output === 'inherit'
        ? ['ignore', 'inherit', 'inherit']
        : ['ignore', output ? 'pipe' : 'ignore', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The served app could not be started');
  let stderr = '';
  if (output && output !== 'inherit') {
    child.stdout?.pipe(output, { end: false });
    child.stderr?.pipe(output, { end: false });
  } else {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-ERROR_TAIL_CHARS);
    });
  }
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  // Whoever started it may end first (a hook that timed out before it could stop it): the app must not outlive it.
  const killOnExit = () => {
    if (running) signalGroup(pid, 'SIGTERM');
  };
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  let stopped: Promise<void> | undefined;
  const stop = ({ signal = 'SIGTERM' }: { signal?: 'SIGTERM' | 'SIGKILL' } = {}) =>
    (stopped ??= (async () => {
      if (running) {
        signalGroup(pid, signal);
        const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    })());

  const ready = options.ready ?? (async (base: string) => (await fetch(`${base}/api/health`)).status === 200);
  const timeoutMs = options.timeoutMs ?? START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready(url).catch(() => false)) return { url, port, dataDir, pid, exited, stop };
    const problem = !running
      ? 'exited before it was ready'
      : Date.now() > deadline
        ? `was not ready within ${timeoutMs / 1000} s`
        : undefined;
    if (problem) {
      await stop();
      throw new Error(`The served app ${problem}${stderr ? `:\n${stderr}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
