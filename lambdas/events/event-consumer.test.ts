import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@wayfarer/shared/events';
import { createLogger } from '../logger';
import { eventConsumer, InvalidEventError } from './event-consumer';

function busEvent(detail: unknown, overrides: Partial<EventBridgeEvent<string, unknown>> = {}) {
  return {
    version: '0',
    id: 'event-1',
    'detail-type': 'usage.recorded',
    source: EVENT_SOURCE,
    account: '000000000000',
    time: '2026-11-22T10:00:00Z',
    region: 'us-east-1',
    resources: [],
    detail,
    ...overrides,
  } satisfies EventBridgeEvent<string, unknown>;
}

const detail = { subject: 'subject-hash-1', seconds: 30, leaseId: 'lease-1', day: '2026-11-22' };

function capturingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ sink: (line) => lines.push(line) }) };
}

describe('eventConsumer', () => {
  it('hands a valid delivery to the handler and logs its id and outcome, not its detail', async () => {
    const { lines, logger } = capturingLogger();
    const seen: unknown[] = [];
    const consume = eventConsumer(
      'usageRecorded',
      async (event) => {
        seen.push(event);
        return 'added';
      },
      logger,
    );

    await consume(busEvent(detail));

    expect(seen).toEqual([{ eventId: 'event-1', detail, time: '2026-11-22T10:00:00Z' }]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      eventId: 'event-1',
      outcome: 'added',
      consumerId: 'consumers.usageRecorded',
    });
    expect(lines[0]).not.toContain('subject-hash-1');
  });

  it('rejects a detail that breaks the catalogue schema, so it ends in the dead-letter queue', async () => {
    const { lines, logger } = capturingLogger();
    const consume = eventConsumer('usageRecorded', async () => 'added', logger);

    await expect(consume(busEvent({ ...detail, seconds: 'lots' }))).rejects.toThrow(InvalidEventError);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'error', eventId: 'event-1' });
  });

  it('rejects an event of another type or source', async () => {
    const { logger } = capturingLogger();
    const consume = eventConsumer('usageRecorded', async () => 'added', logger);

    await expect(consume(busEvent(detail, { 'detail-type': 'page.viewed' }))).rejects.toThrow(
      InvalidEventError,
    );
    await expect(consume(busEvent(detail, { source: 'someone.else' }))).rejects.toThrow(InvalidEventError);
  });
});
