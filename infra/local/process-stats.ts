/**
 * GET /__local/process: this process's own figures for the soak (bench/soak.ts): memory, the event
 * loop's delay since the previous read, and the resources keeping it alive by kind. Local only, like every
 * /__local/ path; it says nothing about requests or their contents.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LOCAL_ROUTE_PREFIX, type LocalRoute } from './local-routes';

export const PROCESS_STATS_PATH = `${LOCAL_ROUTE_PREFIX}process`;

export interface ProcessStats {
  readonly pid: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly externalBytes: number;
  /** Event-loop delay since the previous read (or since start), milliseconds. */
  readonly eventLoopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** process.getActiveResourcesInfo(), counted by kind: open sockets, timers, workers... */
  readonly activeResources: Readonly<Record<string, number>>;
}

export function createProcessStatsRoutes(): { routes: LocalRoute[]; stop(): void } {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const read = (): ProcessStats => {
    const memory = process.memoryUsage();
    const activeResources: Record<string, number> = {};
    for (const kind of process.getActiveResourcesInfo())
      activeResources[kind] = (activeResources[kind] ?? 0) + 1;
    const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
    const stats = {
      pid: process.pid,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      externalBytes: memory.external,
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      activeResources,
    };
    delay.reset();
    return stats;
  };
  return {
    routes: [
      {
        method: 'GET',
        path: PROCESS_STATS_PATH,
        handle(_request, response) {
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify(read()));
        },
      },
    ],
    stop: () => delay.disable(),
  };
}
