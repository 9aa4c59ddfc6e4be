import type { Leases, SpeechLease } from '../../ports/usage';
import { expiresAtAfter, LEASE_SK_PREFIX, leaseKey, ticketSlotKey, usageDayKey, type Table } from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** A lease stays readable for the rest of its day and the next (a session may cross midnight). */
const LEASE_RETENTION_SECONDS = 2 * 24 * 60 * 60;

/** Relayed speech sessions' leases in the table, beside the day's counter: `USAGE#<subject>#<day>` / `LEASE#<keyId>`. */
export function createLeaseStore(table: Table): Leases {
  return {
    async ledger(subject, day) {
      const dayKey = usageDayKey(subject, day);
      // Consistent: the session charged a moment ago must already count against this call. Expired leases are
      // left out; the DAY counter never expires.
      const items = await table.query(dayKey.pk, { consistent: true });

      let countedSeconds = 0;
      const leases: SpeechLease[] = [];
      for (const item of items) {
        if (item.sk === dayKey.sk) {
          countedSeconds = numberOr(item['seconds'], 0);
        } else if (item.sk.startsWith(LEASE_SK_PREFIX)) {
          leases.push(toLease(item, subject, day));
        }
      }
      return { countedSeconds, leases };
    },

    async open(lease) {
      await table.put({
        ...leaseKey(lease.subject, lease.day, lease.id),
        leaseId: lease.id,
        subject: lease.subject,
        day: lease.day,
        issuedAt: lease.issuedAt.toISOString(),
        ttlSeconds: lease.ttlSeconds,
        [TTL]: expiresAtAfter(LEASE_RETENTION_SECONDS, lease.issuedAt),
      });
    },

    async close(lease, closed) {
      // Only an existing lease that is still open: a second close must change nothing.
      return table.setOnce(
        leaseKey(lease.subject, lease.day, lease.id),
        { closedAt: closed.at.toISOString(), chargedSeconds: closed.seconds },
        'closedAt',
      );
    },

    async claimTicketSlot(subject, day, now, limits) {
      // One conditional put per place, free when absent or past its TTL: two racing callers cannot both take
      // the same place, so the limit holds however many ticket calls arrive at once.
      for (let slot = 0; slot < limits.slots; slot++) {
        const item = {
          ...ticketSlotKey(subject, day, slot),
          [TTL]: expiresAtAfter(limits.holdSeconds, now),
        };
        if (await table.putIfAbsent(item, now)) return true;
      }
      return false;
    },

    async recordObserved(lease, seconds) {
      // Only raises: a late or repeated write from the relay never lowers what it forwarded before.
      return table.raiseTo(leaseKey(lease.subject, lease.day, lease.id), 'observedSeconds', seconds);
    },
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function toLease(item: Record<string, unknown>, subject: string, day: string): SpeechLease {
  const sk = item['sk'] as string;
  const issuedAt = new Date(String(item['issuedAt']));
  const base = {
    id: typeof item['leaseId'] === 'string' ? item['leaseId'] : sk.slice(LEASE_SK_PREFIX.length),
    subject,
    day,
    // A lease whose issue time cannot be read is charged in full: never in the caller's favour.
    issuedAt: Number.isNaN(issuedAt.getTime()) ? new Date(0) : issuedAt,
    ttlSeconds: numberOr(item['ttlSeconds'], 0),
  };
  const observed = numberOr(item['observedSeconds'], 0);
  const withObserved = observed > 0 ? { ...base, observedSeconds: observed } : base;
  if (typeof item['closedAt'] !== 'string') return withObserved;
  return {
    ...withObserved,
    closed: { at: new Date(item['closedAt']), seconds: numberOr(item['chargedSeconds'], base.ttlSeconds) },
  };
}
