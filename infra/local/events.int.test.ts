import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_BUS_NAME, EVENT_SOURCE, events, type EventDetail } from '@wayfarer/shared/events';
import { createUsageStore } from '@wayfarer/lambdas/adapters/aws/usage-store';
import { getTable } from '@wayfarer/lambdas/providers';

const table = await getTable();

// Configured only by the environment the global setup set (AWS_ENDPOINT_URL_EVENTBRIDGE, region, keys).
const eventBridge = new EventBridgeClient({});
const usage = createUsageStore(table);

afterAll(() => eventBridge.destroy());

async function publishUsage(detail: EventDetail<'usageRecorded'>) {
  return eventBridge.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: events.usageRecorded.detailType,
          Detail: JSON.stringify(detail),
        },
      ],
    }),
  );
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the local event bus', () => {
  it('delivers an event published with the unmodified EventBridgeClient to the usageRecorded consumer', async () => {
    const subject = `int-${randomUUID().slice(0, 8)}`;
    const day = new Date().toISOString().slice(0, 10);

    const first = await publishUsage({ subject, seconds: 12, leaseId: 'lease-1', day });
    expect(first.FailedEntryCount).toBe(0);
    expect(first.Entries?.[0]?.EventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await eventually(() => usage.secondsUsed(subject, day), (seconds) => seconds === 12)).toBe(12);

    await publishUsage({ subject, seconds: 3, leaseId: 'lease-2', day });
    expect(await eventually(() => usage.secondsUsed(subject, day), (seconds) => seconds === 15)).toBe(15);
  });

  it('rejects an entry whose Detail is not a JSON object, as PutEvents does', async () => {
    const result = await eventBridge.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: EVENT_BUS_NAME, Source: EVENT_SOURCE, DetailType: 'usage.recorded', Detail: 'nope' }],
      }),
    );
    expect(result.FailedEntryCount).toBe(1);
    expect(result.Entries?.[0]?.ErrorCode).toBe('MalformedDetail');
  });
});
