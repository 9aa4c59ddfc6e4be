import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUsageStore } from './usage-store';
import { getTable, getEvents } from '../../providers';
import { eventually } from '../../testing/local-cloud-api';

const table = await getTable();
const eventPublisher = await getEvents();

// Through the local bus (AWS_ENDPOINT_URL_EVENTBRIDGE from the global setup): the unmodified EventBridge client
// publishes, the bus matches the shared rule pattern and delivers to the usageRecorded consumer.

describe('event publisher over the local bus', () => {
  it('delivers usage.recorded to its consumer, which counts it', async () => {
    const subject = `subject-${randomUUID()}`;
    const usage = createUsageStore(table);

    await eventPublisher.publish('usageRecorded', {
      subject,
      seconds: 12,
      leaseId: randomUUID(),
      day: '2026-11-22',
    });

    const seconds = await eventually(
      () => usage.secondsUsed(subject, '2026-11-22'),
      (value) => value > 0,
    );
    expect(seconds).toBe(12);
  });
});
