import { randomBytes } from 'node:crypto';
import type { SpeechTicketResponse } from '@wayfarer/shared/api/speech';
import { SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import type { Clock } from '../../ports/platform';
import type { SpeechTickets } from '../../ports/speech';
import type { Leases } from '../../ports/usage';
import type { Users } from '../../ports/users';
import {
  decideSession,
  secondsUsed,
  usageDay,
  type CallerRole,
  type DailyAllowances,
} from '../../domain/allowance';
import { usageSubject, viewerHash, type UsageCaller } from '../../domain/usage-subject';

export interface SpeechTicketPorts {
  readonly leases: Leases;
  readonly tickets: SpeechTickets;
  readonly users: Pick<Users, 'getProfile'>;
  readonly clock: Clock;
}

export interface SpeechTicketPolicy {
  readonly allowances: DailyAllowances;
  readonly ipHashSecret: string | undefined;
}

export type SpeechTicketOutcome =
  | { readonly kind: 'issued'; readonly response: SpeechTicketResponse }
  | { readonly kind: 'spent' }
  /** Over SPEECH_RELAY_LIMITS.ticketsOpen: too many tickets taken lately, whatever is left of the allowance. */
  | { readonly kind: 'too_many' };

/** A caller's role for the allowance: a subscription is read from the profile, never from the token. */
export async function callerRole(caller: UsageCaller, users: Pick<Users, 'getProfile'>): Promise<CallerRole> {
  if (caller.kind === 'anonymous') return 'anonymous';
  // No profile yet (or none written by the accounts flow) means no subscription.
  const profile = await users.getProfile(caller.sub);
  return profile?.subscriptionStatus === 'ACTIVE' ? 'subscriber' : 'user';
}

/**
 * POST /api/speech/ticket: a single-use ticket for one socket on our speech relay, bound to the caller and to
 * the viewer group it asked from, living SPEECH_RELAY_LIMITS.ticketSeconds. It opens no lease and costs nothing:
 * the relay meters the speech. The allowance is checked here too, so a spent one is told at once (429) rather
 * than by a socket that closes as it opens.
 */
export async function issueSpeechTicket(
  ports: SpeechTicketPorts,
  policy: SpeechTicketPolicy,
  caller: UsageCaller,
  viewerIp: string | undefined,
): Promise<SpeechTicketOutcome> {
  const subject = usageSubject(caller, policy.ipHashSecret);
  const role = await callerRole(caller, ports.users);
  const now = ports.clock.now();
  const day = usageDay(now);
  const decision = decideSession(
    role,
    secondsUsed(await ports.leases.ledger(subject, day)),
    policy.allowances,
  );
  if (decision.kind === 'spent') return { kind: 'spent' };
  // The place is taken atomically, so a burst of parallel calls gets ticketsOpen tickets, not one each.
  const placed = await ports.leases.claimTicketSlot(subject, day, now, {
    slots: SPEECH_RELAY_LIMITS.ticketsOpen,
    holdSeconds: SPEECH_RELAY_LIMITS.ticketSeconds,
  });
  if (!placed) return { kind: 'too_many' };

  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SPEECH_RELAY_LIMITS.ticketSeconds * 1000);
  await ports.tickets.issue(
    ticket,
    { subject, role, viewer: viewerHash(viewerIp, policy.ipHashSecret) },
    expiresAt,
  );
  return { kind: 'issued', response: { ticket, seconds_left: decision.seconds } };
}
