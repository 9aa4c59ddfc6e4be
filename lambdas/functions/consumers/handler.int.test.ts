import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@wayfarer/shared/events';
import { createUsageStore } from '../../adapters/aws/usage-store';
import { usageRecorded } from './handler';
import { getTable } from '../../providers';

const table = await getTable();

// The bus delivers at least once: the consumer must count each event once however often it arrives.

function usageEvent(
  id: string,
  subject: string,
  seconds: number,
  leaseId = `lease-${id}`,
): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id,
    'detail-type': 'usage.recorded',
    source: EVENT_SOURCE,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail: { subject, seconds, leaseId, day: '2026-11-22' },
  };
}

const usage = createUsageStore(table);

describe('usageRecorded consumer over DynamoDB Local', () => {
  it('counts a delivered event once when the bus delivers it twice', async () => {
    const subject = `subject-${randomUUID()}`;
    const event = usageEvent(randomUUID(), subject, 30);

    await usageRecorded(event);
    await usageRecorded(event);

    expect(await usage.secondsUsed(subject, '2026-11-22')).toBe(30);
  });

  it('counts a lease once when a retried publish delivers it again under another event id', async () => {
    const subject = `subject-${randomUUID()}`;
    const leaseId = randomUUID();

    await usageRecorded(usageEvent(randomUUID(), subject, 12, leaseId));
    await usageRecorded(usageEvent(randomUUID(), subject, 12, leaseId));

    expect(await usage.secondsUsed(subject, '2026-11-22')).toBe(12);
  });

  it('adds up distinct events for the same subject and day', async () => {
    const subject = `subject-${randomUUID()}`;

    await usageRecorded(usageEvent(randomUUID(), subject, 30));
    await usageRecorded(usageEvent(randomUUID(), subject, 15));

    expect(await usage.secondsUsed(subject, '2026-11-22')).toBe(45);
  });

  it('counts concurrent duplicate deliveries once', async () => {
    const subject = `subject-${randomUUID()}`;
    const event = usageEvent(randomUUID(), subject, 20);

    const outcomes = await Promise.allSettled([
      usageRecorded(event),
      usageRecorded(event),
      usageRecorded(event),
    ]);

    // A racing duplicate may be cancelled as a transaction conflict (the bus retries it); none may double-count.
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await usage.secondsUsed(subject, '2026-11-22')).toBe(20);
  });

  it('reports a duplicate delivery as such, not as an error', async () => {
    const subject = `subject-${randomUUID()}`;
    const delivery = { onceKey: `lease-${randomUUID()}`, subject, day: '2026-11-22', seconds: 5 };

    expect(await usage.addSecondsOnce(delivery)).toBe('added');
    expect(await usage.addSecondsOnce(delivery)).toBe('duplicate');
  });
});
