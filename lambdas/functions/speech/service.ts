import type { SpeechKeyResponse } from '@wayfarer/shared/api/speech';
import type { Logger } from '../../logger';
import type { Clock, Events } from '../../ports/platform';
import type { SpeechKeys } from '../../ports/speech';
import type { Leases, SpeechLease } from '../../ports/usage';
import type { Users } from '../../ports/users';
import {
  decideKey,
  keyRateDecision,
  leaseCharge,
  SPEECH_KEY_LIMITS,
  SPEECH_KEY_OPEN_SECONDS,
  secondsUsed,
  usageDay,
  type CallerRole,
  type DailyAllowances,
} from '../../domain/allowance';
import { usageSubject, type UsageCaller } from '../../domain/usage-subject';

export interface SpeechKeyPorts {
  readonly leases: Leases;
  readonly users: Pick<Users, 'getProfile'>;
  readonly keys: SpeechKeys;
  readonly events: Events;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly logger: Pick<Logger, 'warn'>;
}

export interface SpeechKeyPolicy {
  readonly allowances: DailyAllowances;
  readonly ipHashSecret: string | undefined;
}

export type SpeechKeyOutcome =
  | { readonly kind: 'issued'; readonly response: SpeechKeyResponse }
  | { readonly kind: 'spent' }
  /** Over SPEECH_KEY_LIMITS: too many keys taken lately, whatever is left of the allowance. */
  | { readonly kind: 'too_many' };

async function roleOf(caller: UsageCaller, users: SpeechKeyPorts['users']): Promise<CallerRole> {
  if (caller.kind === 'anonymous') return 'anonymous';
  // No profile yet (or none written by the accounts flow) means no subscription.
  const profile = await users.getProfile(caller.sub);
  return profile?.subscriptionStatus === 'ACTIVE' ? 'subscriber' : 'user';
}

/**
 * GET /api/deepgram/key: a key whose time to live is what is left of the caller's allowance today (a long
 * session key for subscribers), with a lease opened for it so the time is charged whether or not the client
 * ever reports. A new key supersedes the caller's open leases: each is closed at its elapsed time, so a
 * reconnecting client is not charged twice for the same seconds.
 */
export async function issueSpeechKey(
  ports: SpeechKeyPorts,
  policy: SpeechKeyPolicy,
  caller: UsageCaller,
  host: string | undefined,
): Promise<SpeechKeyOutcome> {
  const subject = usageSubject(caller, policy.ipHashSecret);
  const role = await roleOf(caller, ports.users);
  const now = ports.clock.now();
  const day = usageDay(now);
  const ledger = await ports.leases.ledger(subject, day);
  if (keyRateDecision(ledger.leases, now) === 'too_many') return { kind: 'too_many' };
  const decision = decideKey(role, secondsUsed(ledger, now), policy.allowances);
  if (decision.kind === 'spent') return { kind: 'spent' };
  // The ledger read above is only a cheap first look: calls racing each other all read the same leases. The
  // place is taken atomically, so a burst of parallel calls gets SPEECH_KEY_LIMITS.open keys, not one each.
  const placed = await ports.leases.claimKeySlot(subject, day, now, {
    slots: SPEECH_KEY_LIMITS.open,
    holdSeconds: SPEECH_KEY_OPEN_SECONDS,
  });
  if (!placed) return { kind: 'too_many' };

  const lease = { id: ports.newId(), subject, day, issuedAt: now, ttlSeconds: decision.ttlSeconds };
  // The lease is written before the key exists: a key that is out there is always charged.
  await ports.leases.open(lease);
  let issued;
  try {
    // The provider's key only has to open the socket: a short life leaves no long-lived key to pass around.
    const keyTtlSeconds = Math.min(SPEECH_KEY_OPEN_SECONDS, lease.ttlSeconds);
    issued = await ports.keys.issue({ leaseId: lease.id, subject, ttlSeconds: keyTtlSeconds, day, host });
  } catch (error) {
    // No key left the server: the lease must not cost the caller anything.
    await ports.leases.close(lease, { at: now, seconds: 0 }).catch(() => undefined);
    throw error;
  }

  const superseded = ledger.leases.filter((open) => !open.closed);
  await Promise.all(superseded.map((open) => closeAtElapsed(ports, open, now)));

  return {
    kind: 'issued',
    response: { key: issued.key, time_to_live_in_seconds: lease.ttlSeconds, url: issued.url },
  };
}

async function closeAtElapsed(ports: SpeechKeyPorts, lease: SpeechLease, now: Date): Promise<void> {
  const seconds = leaseCharge(lease, now);
  try {
    // False when a usage update closed it in the meantime: that update published its own event.
    if (!(await ports.leases.close(lease, { at: now, seconds }))) return;
    await ports.events.publish('usageRecorded', {
      subject: lease.subject,
      seconds,
      leaseId: lease.id,
      day: lease.day,
    });
  } catch (error) {
    // The new key is already out and the allowance reads the leases, so this only delays the day counter;
    // failing the key call over it would cost the caller their session.
    ports.logger.warn('Could not close a superseded speech lease', {
      outcome: 'lease_not_closed',
      errorName: error instanceof Error ? error.name : 'unknown',
    });
  }
}
