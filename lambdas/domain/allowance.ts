import { SESSION_CUTOFF_MARGIN_SECONDS, SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import type { SpeechLease, UsageLedger } from '../ports/usage';

// The daily speech allowance, as plain arithmetic over a subject's session leases (docs/DESIGN.md §4). The relay
// meters every second it forwards, so a lease's charge is the relay's figure, never the client's. Every rule here
// has a unit test named after it (allowance.test.ts).

export type CallerRole = 'anonymous' | 'user' | 'subscriber';

export interface DailyAllowances {
  readonly anonymousSeconds: number;
  readonly userSeconds: number;
}

/** UTC day, yyyy-mm-dd: the day a lease and its usage count against. */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * What a lease costs: the seconds it was closed with, or, while open (or left open by a relay that crashed), the
 * audio the relay last wrote to it; the larger of the two, never more than the allowance it opened with.
 */
export function leaseCharge(lease: SpeechLease): number {
  const charged = Math.max(lease.closed?.seconds ?? 0, lease.observedSeconds ?? 0);
  return Math.min(Math.max(0, charged), lease.ttlSeconds);
}

/**
 * Seconds used on the ledger's day. The leases are the record (the relay writes them as it goes); the counter
 * only catches up with them through the bus, so it can never be ahead of them, except if leases were lost:
 * the larger figure wins.
 */
export function secondsUsed(ledger: UsageLedger): number {
  const charged = ledger.leases.reduce((sum, lease) => sum + leaseCharge(lease), 0);
  return Math.max(ledger.countedSeconds, charged);
}

/** Signed-in users without an ACTIVE subscription get the user allowance; subscribers have none. */
export function dailyAllowance(role: Exclude<CallerRole, 'subscriber'>, allowances: DailyAllowances): number {
  return role === 'anonymous' ? allowances.anonymousSeconds : allowances.userSeconds;
}

export type SessionDecision =
  /** `seconds`: the most the session may forward; null for a subscriber, who has no daily allowance. */
  | { readonly kind: 'open'; readonly seconds: number | null }
  | { readonly kind: 'spent'; readonly remainingSeconds: number };

/**
 * What is left of today's allowance, in whole seconds. When that is no more than the client's cut-off margin the
 * session would end before it starts, so none opens: the allowance is spent.
 */
export function decideSession(
  role: CallerRole,
  usedSeconds: number,
  allowances: DailyAllowances,
): SessionDecision {
  if (role === 'subscriber') return { kind: 'open', seconds: null };
  const remainingSeconds = Math.max(0, dailyAllowance(role, allowances) - usedSeconds);
  const seconds = Math.floor(remainingSeconds);
  if (seconds <= SESSION_CUTOFF_MARGIN_SECONDS) return { kind: 'spent', remainingSeconds };
  return { kind: 'open', seconds };
}

/**
 * The most a session's lease can be charged: what is left of the allowance, or for a subscriber the longest
 * session the relay allows.
 */
export function leaseLimitSeconds(decision: Extract<SessionDecision, { kind: 'open' }>): number {
  return decision.seconds ?? SPEECH_RELAY_LIMITS.maxSessionSeconds;
}
