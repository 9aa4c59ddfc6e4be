import { describe, expect, it } from 'vitest';
import type { EventDetail } from '@wayfarer/shared/events';
import type { Events } from '../../ports/platform';
import { REPORT_FLOOR_GRACE_SECONDS, REPORT_GRACE_SECONDS, usageDay } from '../../domain/allowance';
import { createMemoryLeases } from '../../testing/memory-leases';
import { closeSessionLease } from './service';
import { usageSubject } from '../../domain/usage-subject';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const policy = { ipHashSecret: 'secret' };
const anonymous = { kind: 'anonymous', sourceIp: '198.51.100.4' } as const;
const subject = usageSubject(anonymous, policy.ipHashSecret);

function setUp(now: Date) {
  const published: EventDetail<'usageRecorded'>[] = [];
  const events: Events = {
    publish: async (_name, detail) => void published.push(detail as EventDetail<'usageRecorded'>),
  };
  const leases = createMemoryLeases();
  const openLease = (id: string, issuedAt: Date, ttlSeconds = 60) =>
    leases.open({ id, subject, day: usageDay(issuedAt), issuedAt, ttlSeconds });
  return { ports: { leases, events, clock: { now: () => now } }, leases, published, openLease };
}

describe('closeSessionLease', () => {
  it('closes the open lease with the clamped report and publishes usage.recorded once', async () => {
    const { ports, published, openLease } = setUp(at(20));
    await openLease('lease-1', T0);

    expect(await closeSessionLease(ports, policy, anonymous, 500)).toEqual({
      kind: 'recorded',
      leaseId: 'lease-1',
      seconds: 20 + REPORT_GRACE_SECONDS,
    });
    expect(await closeSessionLease(ports, policy, anonymous, 500)).toEqual({ kind: 'nothing_open' });
    expect(published).toEqual([
      { subject, seconds: 20 + REPORT_GRACE_SECONDS, leaseId: 'lease-1', day: '2026-11-22' },
    ]);
  });

  it('charges what the client reports when it is above the time since the key was issued', async () => {
    const { ports, leases, openLease } = setUp(at(40));
    await openLease('lease-1', T0);
    await closeSessionLease(ports, policy, anonymous, 40.5);
    expect(leases.all()[0]!.closed).toEqual({ at: at(40), seconds: 40.5 });
  });

  it('a report of 0 cannot lower the charge below the time since the key was issued, less the floor grace', async () => {
    const { ports, leases, openLease } = setUp(at(5));
    await openLease('lease-1', T0);
    await closeSessionLease(ports, policy, anonymous, 0);
    expect(leases.all()[0]!.closed).toEqual({ at: at(5), seconds: 5 - REPORT_FLOOR_GRACE_SECONDS });
  });

  it('closes only the newest open lease', async () => {
    const { ports, leases, openLease } = setUp(at(100));
    await openLease('older', T0);
    await openLease('newer', at(50));
    await closeSessionLease(ports, policy, anonymous, 50);
    expect(leases.all().map((lease) => [lease.id, lease.closed?.seconds])).toEqual([
      ['older', undefined],
      ['newer', 50],
    ]);
  });

  it('does nothing for a caller without a lease', async () => {
    const { ports, published } = setUp(T0);
    expect(await closeSessionLease(ports, policy, { kind: 'user', sub: 'u' }, 3)).toEqual({
      kind: 'nothing_open',
    });
    expect(published).toEqual([]);
  });

  it('closes a lease issued before midnight, against the day it was issued', async () => {
    const { ports, published, openLease } = setUp(new Date('2026-11-23T00:00:20.000Z'));
    await openLease('late', new Date('2026-11-22T23:59:50.000Z'));
    expect(await closeSessionLease(ports, policy, anonymous, 30)).toEqual({
      kind: 'recorded',
      leaseId: 'late',
      seconds: 30,
    });
    expect(published[0]?.day).toBe('2026-11-22');
  });
});
