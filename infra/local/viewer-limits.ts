/**
 * The per-viewer limits of shared/api/rate-limits.ts, enforced by the local gateway as the API's web ACL
 * enforces them in AWS (docs/DESIGN.md, "Abuse and limits"), and the viewer's address the gateway hands the
 * handlers. The gateway calls this module and keeps none of it.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { RouteMeta } from '@wayfarer/shared/api/route-types';
import { VIEWER_RATE_LIMITS, viewerGroup } from '@wayfarer/shared/api/rate-limits';
import { rateLimitMessageKey } from '@wayfarer/shared/domain/error-mapping';
import { normaliseIp } from './api-event';

export interface ViewerLimitOptions {
  /** 'off' turns the limits off (benchmarks, the shared cloud of a test run); default on. */
  readonly rateLimits?: 'on' | 'off';
  /**
   * Addresses of reverse proxies the operator runs in front of the gateway. Only a connection from one of them
   * is believed about the viewer (the last X-Forwarded-For entry no trusted proxy added); otherwise the viewer
   * is the connection's own address, whatever headers the client sent.
   */
  readonly trustedProxies?: readonly string[];
  readonly now?: () => number;
}

/** Who the viewer is: the connection's address, or what a trusted proxy says the connection it took came from. */
export function viewerAddressOf(request: IncomingMessage, trustedProxies: readonly string[] = []): string {
  const peer = normaliseIp(request.socket.remoteAddress);
  const trusted = new Set(trustedProxies.map((address) => normaliseIp(address)));
  if (!trusted.has(peer)) return peer;
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => normaliseIp(entry));
  // Walk back from the proxy nearest us: the first entry not added by one of our proxies is the viewer.
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const entry = forwarded[index]!;
    if (isIP(entry) === 0) return peer;
    if (!trusted.has(entry)) return entry;
  }
  return peer;
}

export interface RateLimitRefusal {
  readonly status: 429;
  readonly body: { readonly error: string };
  readonly retryAfterSeconds: number;
}

export interface ViewerRateLimiter {
  /** Counts the request against the viewer's budget for the route's class; a refusal once it is spent. */
  admit(route: Pick<RouteMeta, 'rateLimitClass'>, viewerAddress: string): RateLimitRefusal | undefined;
}

/**
 * A sliding window per (class, viewer group): the times of the requests admitted within the class's window.
 * Refused requests are not counted, so a viewer that stops is admitted again once the window has moved on.
 */
export function createViewerRateLimiter(options: ViewerLimitOptions = {}): ViewerRateLimiter {
  if (options.rateLimits === 'off') return { admit: () => undefined };
  const now = options.now ?? Date.now;
  const windows = new Map<string, number[]>();
  let lastSweep = now();

  const sweep = (at: number) => {
    // Forget viewers whose every request has left the longest window, so memory follows the active viewers.
    const longest = Math.max(...Object.values(VIEWER_RATE_LIMITS).map((limit) => limit.windowSeconds)) * 1000;
    for (const [key, times] of windows) if ((times.at(-1) ?? 0) <= at - longest) windows.delete(key);
    lastSweep = at;
  };

  return {
    admit(route, viewerAddress) {
      const at = now();
      if (at - lastSweep > 60_000) sweep(at);
      const limit = VIEWER_RATE_LIMITS[route.rateLimitClass];
      const key = `${route.rateLimitClass} ${viewerGroup(viewerAddress)}`;
      const windowMs = limit.windowSeconds * 1000;
      const times = (windows.get(key) ?? []).filter((time) => time > at - windowMs);
      if (times.length >= limit.requests) {
        windows.set(key, times);
        const retryAfterSeconds = Math.max(1, Math.ceil(((times[0] ?? at) + windowMs - at) / 1000));
        return {
          status: 429,
          body: { error: rateLimitMessageKey(route.rateLimitClass) },
          retryAfterSeconds,
        };
      }
      times.push(at);
      windows.set(key, times);
      return undefined;
    },
  };
}
