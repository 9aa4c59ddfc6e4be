import { createHmac } from 'node:crypto';
import type { RateLimitClass } from '@wayfarer/shared/api/route-types';
import { viewerGroup } from '@wayfarer/shared/api/rate-limits';
import { RateLimitedError } from '../http/errors';
import type { AttemptCounters } from '../ports/identity';
import type { Clock } from '../ports/platform';

interface AttemptLimit {
  readonly perEmail: number;
  readonly perIp: number;
  readonly windowSeconds: number;
}

// Per e-mail the limits stop guessing one account's password; per IP they stop spraying many accounts. The
// per-IP figures leave room for many people behind one address (a hotel, a carrier's NAT).
export const ATTEMPT_LIMITS = {
  auth: { perEmail: 10, perIp: 100, windowSeconds: 15 * 60 },
  'password-reset': { perEmail: 5, perIp: 30, windowSeconds: 60 * 60 },
  // Checkout and portal sessions: each is a call to Stripe's API, whose rate limit the whole app shares.
  stripe: { perEmail: 20, perIp: 100, windowSeconds: 60 * 60 },
} as const satisfies Partial<Record<RateLimitClass, AttemptLimit>>;

export interface AttemptLimiterPorts {
  readonly attempts: AttemptCounters;
  readonly clock: Clock;
  /**
   * Keys the hashes that name attempt counters, so the table holds no e-mail or IP in the clear: the
   * IP_HASH_SECRET. Unset only where no attempt is ever counted (unit tests importing every handler).
   */
  readonly counterSecret: string | undefined;
}

/** Who is calling, as far as the abuse limits care. */
export interface CallerAddress {
  readonly ip: string | undefined;
}

export type AttemptLimiter = (
  rateLimitClass: keyof typeof ATTEMPT_LIMITS,
  action: string,
  keys: { readonly email?: string; readonly ip: string | undefined },
) => Promise<void>;

/**
 * Counts an attempt against the e-mail (per action) and the IP (per class, so login and register share one
 * budget); throws the class's 429 once either is over. Used by the auth and reset-request areas alike.
 */
export function createAttemptLimiter({
  attempts,
  clock,
  counterSecret,
}: AttemptLimiterPorts): AttemptLimiter {
  const counterId = (name: string, value: string) => {
    // Failing closed: a counter keyed by a guessable default would let anyone compute whose attempts it holds.
    if (counterSecret === undefined)
      throw new Error('IP_HASH_SECRET is not configured: attempts cannot be counted');
    return `${name}:${createHmac('sha256', counterSecret).update(value).digest('base64url')}`;
  };

  return async (rateLimitClass, action, keys) => {
    const limit = ATTEMPT_LIMITS[rateLimitClass];
    const now = clock.now();
    const checks: Promise<boolean>[] = [];
    if (keys.email !== undefined) {
      const counter = counterId(`${action}-email`, keys.email);
      checks.push(attempts.count(counter, limit.windowSeconds, now).then((count) => count > limit.perEmail));
    }
    if (keys.ip !== undefined) {
      // IPv6 by its /64: a client can pick any address inside its own network at will.
      const counter = counterId(`${rateLimitClass}-ip`, viewerGroup(keys.ip));
      checks.push(attempts.count(counter, limit.windowSeconds, now).then((count) => count > limit.perIp));
    }
    if ((await Promise.all(checks)).some(Boolean)) throw new RateLimitedError(rateLimitClass);
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
