import { SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import type { SpeechLease, UsageLedger } from '../ports/usage';

// The daily speech allowance, as plain arithmetic over a subject's leases (docs/DESIGN.md §4). Every rule here has
// a unit test named after it (allowance.test.ts).

/**
 * A subscriber's key: long enough for any real conversation, and they have no cut-off (docs/SPEC.md §6). A key only
 * has to be valid when the socket opens; the session itself may run on.
 */
export const SUBSCRIBER_KEY_TTL_SECONDS = 60 * 60;

/**
 * What a usage report may exceed the server-measured time since the key was issued by: the client measures
 * from a moment after the key call, so only clock jitter and rounding can put it above.
 */
export const REPORT_GRACE_SECONDS = 2;

/**
 * What a usage report may charge below the server-measured time from key issue to report: the client starts
 * counting once the socket opens and stops before it reports, so an honest report is a little below that time;
 * a report of 0 after a minute is not honest. The client's figure may raise a charge, never lower it further.
 */
export const REPORT_FLOOR_GRACE_SECONDS = 1;

/**
 * How long a speech key opens sockets: the client asks for it after the microphone is granted, right before it
 * opens the socket, so this only covers the round trip (Deepgram's own temporary tokens default to 30 s). The
 * session itself runs on; the lease's ttl (the allowance left) is the most it is charged.
 */
export const SPEECH_KEY_OPEN_SECONDS = 30;

/**
 * Keys a caller may hold that can still open a socket (issued in the last SPEECH_KEY_OPEN_SECONDS), which also
 * bounds the keys taken in any minute to twice as many. A traveller takes one key per start, and no one starts,
 * speaks and stops faster than once every 5 s: that pace is always allowed, with room for the network's jitter
 * (six starts 5 s apart span 25 s, and a key whose request came a little late must not tip the seventh over;
 * allowance.test.ts). A script that takes keys to hold many sockets at once gets at most this many (docs/DESIGN.md,
 * Abuse and limits). A refusal answers the general rate limit, not the spent allowance: the traveller may start
 * again in a moment.
 */
export const SPEECH_KEY_LIMITS = { open: 8 } as const;

export type CallerRole = 'anonymous' | 'user' | 'subscriber';

export interface DailyAllowances {
  readonly anonymousSeconds: number;
  readonly userSeconds: number;
}

const secondsBetween = (from: Date, to: Date): number => Math.max(0, (to.getTime() - from.getTime()) / 1000);

/** UTC day, yyyy-mm-dd: the day a lease and its usage count against. */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * A closed lease costs what it was charged; an open one its elapsed time, never more than its TTL. Either way at
 * least what our own socket saw of it (the local socket records it), never more than the TTL.
 */
export function leaseCharge(lease: SpeechLease, now: Date): number {
  const charged = lease.closed
    ? lease.closed.seconds
    : Math.min(secondsBetween(lease.issuedAt, now), lease.ttlSeconds);
  return Math.max(charged, Math.min(lease.observedSeconds ?? 0, lease.ttlSeconds));
}

/**
 * Seconds used on the ledger's day. The leases are the record (written before the key leaves); the counter
 * only catches up with them through the bus, so it can never be ahead of them, except if leases were lost:
 * the larger figure wins.
 */
export function secondsUsed(ledger: UsageLedger, now: Date): number {
  const charged = ledger.leases.reduce((sum, lease) => sum + leaseCharge(lease, now), 0);
  return Math.max(ledger.countedSeconds, charged);
}

/** Signed-in users without an ACTIVE subscription get the user allowance; subscribers have none. */
export function dailyAllowance(role: Exclude<CallerRole, 'subscriber'>, allowances: DailyAllowances): number {
  return role === 'anonymous' ? allowances.anonymousSeconds : allowances.userSeconds;
}

export type KeyDecision =
  | { readonly kind: 'issue'; readonly ttlSeconds: number }
  | { readonly kind: 'spent'; readonly remainingSeconds: number };

/**
 * The key's time to live is what is left of today's allowance, in whole seconds. When that is no more than
 * the client's cut-off margin the session would end before it starts, so no key: the allowance is spent.
 */
export function decideKey(role: CallerRole, usedSeconds: number, allowances: DailyAllowances): KeyDecision {
  if (role === 'subscriber') return { kind: 'issue', ttlSeconds: SUBSCRIBER_KEY_TTL_SECONDS };
  const remainingSeconds = Math.max(0, dailyAllowance(role, allowances) - usedSeconds);
  const ttlSeconds = Math.floor(remainingSeconds);
  if (ttlSeconds <= SESSION_CUTOFF_MARGIN_SECONDS) return { kind: 'spent', remainingSeconds };
  return { kind: 'issue', ttlSeconds };
}

/**
 * What a usage report charges a lease: the client's figure may only raise the charge above the server-measured
 * time since the key was issued (less REPORT_FLOOR_GRACE_SECONDS), up to that time plus REPORT_GRACE_SECONDS;
 * never more than the key's TTL, never negative.
 */
export function chargeForReport(lease: SpeechLease, reportedSeconds: number, now: Date): number {
  const elapsed = secondsBetween(lease.issuedAt, now);
  const floor = Math.max(0, elapsed - REPORT_FLOOR_GRACE_SECONDS);
  const ceiling = elapsed + REPORT_GRACE_SECONDS;
  return Math.min(lease.ttlSeconds, Math.max(floor, Math.min(Math.max(0, reportedSeconds), ceiling)));
}

export type KeyRateDecision = 'allowed' | 'too_many';

/** SPEECH_KEY_LIMITS over the caller's leases (one per key issued). */
export function keyRateDecision(leases: readonly SpeechLease[], now: Date): KeyRateDecision {
  const stillOpening = leases.filter((lease) => secondsBetween(lease.issuedAt, now) < SPEECH_KEY_OPEN_SECONDS);
  return stillOpening.length >= SPEECH_KEY_LIMITS.open ? 'too_many' : 'allowed';
}

/** The lease a usage report closes: the caller's newest open one. */
export function leaseToClose(leases: readonly SpeechLease[]): SpeechLease | undefined {
  return leases
    .filter((lease) => !lease.closed)
    .reduce<SpeechLease | undefined>(
      (newest, lease) => (!newest || lease.issuedAt > newest.issuedAt ? lease : newest),
      undefined,
    );
}
