/**
 * The embedded servers that run as their own processes (DynamoDB Local on Java, cognito-local on Node):
 * started in their own process groups so Ctrl-C reaches only us and we stop them in order, with their output
 * in log files under DATA_DIR, and watched by a guard process that kills them if we die without cleaning up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const STOP_GRACE_MS = 5_000;

/**
 * Runs as `node -e`: no loader, no files, starts in tens of milliseconds. The parent writes `<pid>` to watch
 * and `-<pid>` to forget, one per line. When the parent's end of stdin closes (the parent exited, however it
 * died), every watched process group gets SIGTERM, then SIGKILL. Terminal signals are ignored: the parent
 * handles those and tells us nothing more is needed by closing stdin.
 */
const GUARD_SOURCE = `
const watched = new Set();
let pending = '';
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
const alive = (pid) => { try { process.kill(-pid, 0); return true; } catch { return false; } };
const signalAll = (signal) => { for (const pid of watched) { try { process.kill(-pid, signal); } catch {} } };
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\\n');
  pending = lines.pop();
  for (const line of lines) {
    const pid = Number(line);
    if (pid > 0) watched.add(pid);
    else if (pid < 0) watched.delete(-pid);
  }
});
process.stdin.on('close', () => {
  signalAll('SIGTERM');
  const started = Date.now();
  const timer = setInterval(() => {
    for (const pid of watched) if (!alive(pid)) watched.delete(pid);
    if (watched.size === 0) process.exit(0);
    if (Date.now() - started > ${STOP_GRACE_MS}) { signalAll('SIGKILL'); process.exit(0); }
  }, 100);
});
`;

export class OrphanGuard {
  private readonly guard: ChildProcess;

  constructor() {
    // Its own process group: whoever kills ours outright (Playwright's webServer sends SIGKILL to the whole
    // group) must not take the guard along with us.
    this.guard = spawn(process.execPath, ['-e', GUARD_SOURCE], { stdio: ['pipe', 'ignore', 'inherit'], detached: true });
    this.guard.unref();
    // The guard must never keep us alive, nor take us down if it goes first.
    this.guard.stdin?.on('error', () => undefined);
    (this.guard.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }

  watch(pid: number): void {
    this.guard.stdin?.write(`${pid}\n`);
  }

  forget(pid: number): void {
    this.guard.stdin?.write(`-${pid}\n`);
  }

  /** Lets the guard exit; call once every watched child is stopped. */
  close(): void {
    this.guard.stdin?.end();
  }
}

export interface ChildSpec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly logFile: string;
}

export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export class ChildStartError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'ChildStartError';
  }
}

function logTail(logFile: string, lines = 15): string {
  try {
    const text = readFileSync(logFile, 'utf8').trimEnd();
    return text.split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export class ManagedChild {
  readonly exited: Promise<ChildExit>;
  private stopping = false;
  private hasExited = false;

  private constructor(
    readonly spec: ChildSpec,
    private readonly child: ChildProcess,
    private readonly guard: OrphanGuard,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.hasExited = true;
        if (child.pid !== undefined) guard.forget(child.pid);
        resolve({ code, signal });
      });
    });
  }

  static async start(spec: ChildSpec, guard: OrphanGuard): Promise<ManagedChild> {
    const log = openSync(spec.logFile, 'a');
    try {
      const child = spawn(spec.command, spec.args, {
        cwd: spec.cwd,
        env: spec.env,
        detached: true,
        stdio: ['ignore', log, log],
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', (error) => reject(new ChildStartError(`Could not start ${spec.name} (${spec.command}): ${error.message}`, error)));
      });
      guard.watch(child.pid as number);
      return new ManagedChild(spec, child, guard);
    } finally {
      closeSync(log);
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return !this.hasExited;
  }

  /** True when it exited without being asked to. */
  get crashed(): boolean {
    return this.hasExited && !this.stopping;
  }

  /** The last lines it wrote, for error messages. */
  recentOutput(): string {
    return logTail(this.spec.logFile);
  }

  /** Fails with the child's own words if it exits while we wait for `ready`. */
  async whileRunning<T>(ready: Promise<T>): Promise<T> {
    const exited = this.exited.then((exit) => {
      throw new ChildStartError(
        `${this.spec.name} exited while starting (code ${exit.code ?? exit.signal}). Its last output ` +
          `(${this.spec.logFile}):\n${this.recentOutput()}`,
      );
    });
    // Once `ready` wins, a later exit (a normal stop) must not surface as an unhandled rejection.
    exited.catch(() => undefined);
    return Promise.race([ready, exited]);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.hasExited || this.child.pid === undefined) return;
    const group = -this.child.pid;
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      return;
    }
    const finished = await Promise.race([this.exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
    if (!finished) {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await this.exited;
    }
  }
}

/** Polls `probe` until it resolves true; gives up after `timeoutMs`, or at once when `child` has exited. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  child?: ManagedChild,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (child && !child.running) throw new ChildStartError(`${what} exited before it was ready`);
    if (Date.now() > deadline) throw new ChildStartError(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(100);
  }
}
