import type { Clock, Events } from '../../ports/platform';
import type { Leases } from '../../ports/usage';
import { chargeForReport, leaseToClose, usageDay } from '../../domain/allowance';
import { usageSubject, type UsageCaller } from '../../domain/usage-subject';

export interface UsageUpdatePorts {
  readonly leases: Leases;
  readonly events: Events;
  readonly clock: Clock;
}

export type UsageUpdateOutcome =
  | { readonly kind: 'recorded'; readonly leaseId: string; readonly seconds: number }
  /** No open lease: nothing issued, or this session was already reported (a repeat changes nothing). */
  | { readonly kind: 'nothing_open' };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/usage/update: closes the caller's open lease with the seconds the client reports, which may raise the
 * charge above the server-measured time since the key was issued but never lower it (chargeForReport), and publishes `usage.recorded` for the day counter. Only the call that actually closes the
 * lease publishes, so a repeated report cannot charge twice. The first step of recording usage; the consumers
 * area's addUsageToDayCounter is the second.
 */
export async function closeSessionLease(
  ports: UsageUpdatePorts,
  policy: { readonly ipHashSecret: string | undefined },
  caller: UsageCaller,
  durationSeconds: number,
): Promise<UsageUpdateOutcome> {
  const subject = usageSubject(caller, policy.ipHashSecret);
  const now = ports.clock.now();
  // A session started before midnight is still yesterday's lease.
  const days = [usageDay(now), usageDay(new Date(now.getTime() - DAY_MS))];
  const ledgers = await Promise.all(days.map((day) => ports.leases.ledger(subject, day)));
  const lease = leaseToClose(ledgers.flatMap((ledger) => ledger.leases));
  if (!lease) return { kind: 'nothing_open' };

  const seconds = chargeForReport(lease, durationSeconds, now);
  if (!(await ports.leases.close(lease, { at: now, seconds }))) return { kind: 'nothing_open' };
  await ports.events.publish('usageRecorded', { subject, seconds, leaseId: lease.id, day: lease.day });
  return { kind: 'recorded', leaseId: lease.id, seconds };
}
