/**
 * Supervision of the local cloud's embedded servers: one that crashes is started again on the same port and data,
 * so a DynamoDB Local killed mid-traffic costs 503s for a few seconds, not the app.
 */
import type { ManagedChild } from './child-processes';
import type { Logger } from './log';

/** Crashes of one embedded server within a minute after which the local cloud gives up on it (and says so). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export interface Supervisor {
  /** Takes `child` into supervision under `name`; `start` starts it again (same port and data). */
  add(name: string, start: () => Promise<ManagedChild>, child: ManagedChild): void;
  /** Starts watching every server added so far. */
  watchAll(): void;
  /** Each server's current process, while it runs. */
  processes(): { readonly name: string; readonly pid: number }[];
  /** Stops a server as an operator would: it is not restarted. */
  stopServer(name: string): Promise<void>;
  /** Starts a stopped server again and watches it. */
  startServer(name: string): Promise<void>;
  /** Stops every server's current process. */
  stopAll(): Promise<void>;
  /** From now on a server that exits is not restarted (the local cloud is stopping). */
  standDown(): void;
}

export function superviseServers(options: {
  readonly log: Logger;
  /** A server that will not come back (too many crashes in a minute, or a restart that failed). */
  readonly onCrash?: (name: string, recentOutput: string) => void;
}): Supervisor {
  const { log } = options;
  const running = new Map<string, ManagedChild>();
  const restartSpecs = new Map<string, () => Promise<ManagedChild>>();
  let stopping = false;

  /** Restarts a crashed server (at most MAX_RESTARTS times a minute); only a server that will not come back is reported. */
  const watch = (name: string, child: ManagedChild, restarts: number[]) => {
    void child.exited.then(async () => {
      if (!child.crashed || stopping) return;
      log.error(`${name} stopped unexpectedly; starting it again:\n${child.recentOutput()}`);
      const recent = restarts.filter((at) => Date.now() - at < RESTART_WINDOW_MS);
      const start = restartSpecs.get(name);
      if (!start || recent.length >= MAX_RESTARTS) {
        options.onCrash?.(name, child.recentOutput());
        return;
      }
      try {
        const next = await start();
        if (stopping) {
          await next.stop();
          return;
        }
        running.set(name, next);
        log.info(`${name} is back`);
        watch(name, next, [...recent, Date.now()]);
      } catch (error) {
        log.error(`${name} could not start again`, error);
        options.onCrash?.(name, child.recentOutput());
      }
    });
  };

  return {
    add: (name, start, child) => {
      running.set(name, child);
      restartSpecs.set(name, start);
    },
    watchAll: () => {
      for (const [name, child] of running) watch(name, child, []);
    },
    processes: () =>
      [...running].flatMap(([name, child]) =>
        child.running && child.pid !== undefined ? [{ name, pid: child.pid }] : [],
      ),
    stopServer: async (name) => {
      await running.get(name)?.stop();
    },
    startServer: async (name) => {
      const current = running.get(name);
      const start = restartSpecs.get(name);
      if (!start || current?.running) return;
      const next = await start();
      running.set(name, next);
      watch(name, next, []);
    },
    stopAll: async () => {
      await Promise.all([...running.values()].map((child) => child.stop()));
    },
    standDown: () => {
      stopping = true;
    },
  };
}
