import type { Leases, SpeechLease } from '../ports/usage';

/** An in-memory Leases port for service tests; the DynamoDB adapter is tested against DynamoDB Local. */
export function createMemoryLeases(counted: Record<string, number> = {}): Leases & {
  readonly all: () => readonly SpeechLease[];
} {
  const leases = new Map<string, SpeechLease>();
  /** Per subject and day, when each held ticket place frees up (epoch ms). */
  const slots = new Map<string, number[]>();
  return {
    all: () => [...leases.values()],
    async ledger(subject, day) {
      return {
        countedSeconds: counted[`${subject}#${day}`] ?? 0,
        leases: [...leases.values()].filter((lease) => lease.subject === subject && lease.day === day),
      };
    },
    async open(lease) {
      leases.set(lease.id, lease);
    },
    async close({ id }, closed) {
      const lease = leases.get(id);
      if (!lease || lease.closed) return false;
      leases.set(id, { ...lease, closed });
      return true;
    },
    async claimTicketSlot(subject, day, now, limits) {
      const held = (slots.get(`${subject}#${day}`) ?? []).filter((until) => until > now.getTime());
      if (held.length >= limits.slots) return false;
      slots.set(`${subject}#${day}`, [...held, now.getTime() + limits.holdSeconds * 1000]);
      return true;
    },
    async recordObserved({ id }, seconds) {
      const lease = leases.get(id);
      if (!lease) return false;
      leases.set(id, { ...lease, observedSeconds: Math.max(lease.observedSeconds ?? 0, seconds) });
      return true;
    },
  };
}
