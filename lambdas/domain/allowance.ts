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

/** A closed lease costs what it was charged; an open one its elapsed time, never more than its TTL. */
export function leaseCharge(lease: SpeechLease, now: Date): number {
  if (lease.closed) return lease.closed.seconds;
  return Math.min(secondsBetween(lease.issuedAt, now), lease.ttlSeconds);
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
 * What a usage report may charge a lease: the client's figure, but never more than the key's TTL nor more
 * than the time since the key was issued (plus a small grace), and never negative.
 */
export function clampReportedSeconds(lease: SpeechLease, reportedSeconds: number, now: Date): number {
  const ceiling = Math.min(lease.ttlSeconds, secondsBetween(lease.issuedAt, now) + REPORT_GRACE_SECONDS);
  return Math.max(0, Math.min(reportedSeconds, ceiling));
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
