import { createHmac } from 'node:crypto';
import type { RateLimitClass } from '@wayfarer/shared/api/route-types';
import { viewerGroup } from '@wayfarer/shared/api/rate-limits';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { HttpError, RateLimitedError } from '../http/errors';
import type { AttemptCounters, AttemptWindows } from '../ports/identity';
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

/**
 * New accounts one viewer group (an IPv4 address, an IPv6 /64: `viewerGroup`) may create in a UTC day. Each account
 * brings the signed-in allowances (USER_DAILY_SECONDS of speech a day and the daily translation and speech ceilings),
 * so the attempt limit alone (ATTEMPT_LIMITS.auth.perIp, 100 per 15 minutes) would let one address make 9,600 of
 * them a day. A traveller registers once, not daily. A hotel, a hostel or a carrier's NAT puts many people behind
 * one IPv4 address, but few of them open an account with us the same day: 20 still takes a tour group signing up
 * together on the hotel's Wi-Fi, and the rare network past it can register on mobile data or the next day. At
 * Deepgram's streaming price (infra/aws/cost-model/prices.ts) 20 accounts are 20 × 15 minutes, about $2.30 of
 * speech a day per address. The Lambdas read ACCOUNTS_PER_VIEWER_GROUP (lambdas/config.ts), default this.
 */
export const ACCOUNTS_PER_VIEWER_GROUP = 20;
/** The accounts' window: a UTC day (fixed windows start at multiples of their length since the epoch). */
export const ACCOUNTS_WINDOW_SECONDS = 24 * 60 * 60;

/** Names a counter by a keyed hash of what it counts, so the table holds no e-mail or IP in the clear. */
function counterName(counterSecret: string | undefined, name: string, value: string): string {
  // Failing closed: a counter keyed by a guessable default would let anyone compute whose attempts it holds.
  if (counterSecret === undefined)
    throw new Error('IP_HASH_SECRET is not configured: attempts cannot be counted');
  return `${name}:${createHmac('sha256', counterSecret).update(value).digest('base64url')}`;
}

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
  const counterId = (name: string, value: string) => counterName(counterSecret, name, value);

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

/** A place taken for an account about to be created; given back when the registration creates none. */
export interface AccountPlace {
  release(): Promise<void>;
}

/**
 * Takes one of the day's account places of the caller's viewer group, or throws 429
 * error_registration_network_limit when none is left. One conditional write, so registrations sent in parallel
 * cannot take more places than there are.
 */
export type AccountPlaces = (caller: CallerAddress) => Promise<AccountPlace>;

export function createAccountPlaces({
  attempts,
  clock,
  counterSecret,
  perViewerGroup,
}: Omit<AttemptLimiterPorts, 'attempts'> & {
  readonly attempts: AttemptWindows;
  readonly perViewerGroup: number;
}): AccountPlaces {
  return async (caller) => {
    // An IPv6 viewer by its /64, as the attempt counters: any address inside it is the same network's to take.
    const group = caller.ip === undefined ? 'unknown' : viewerGroup(caller.ip);
    const counter = counterName(counterSecret, 'accounts-viewer-group', group);
    const now = clock.now();
    if (!(await attempts.reserve(counter, ACCOUNTS_WINDOW_SECONDS, now, perViewerGroup))) {
      throw new HttpError(429, DAILY_LIMIT_KEYS.accounts);
    }
    // Given back in the window it was taken from, even when the registration ends after midnight.
    return { release: () => attempts.release(counter, ACCOUNTS_WINDOW_SECONDS, now) };
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
