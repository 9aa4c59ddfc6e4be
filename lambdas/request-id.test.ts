import { Readable } from 'node:stream';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { EventBridgeEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { EVENT_REQUEST_ID_FIELD, EVENT_SOURCE } from '@wayfarer/shared/events';
import { createEventPublisher } from './adapters/aws/event-publisher';
import { eventConsumer } from './events/event-consumer';
import { createHttpRoutes } from './http/route-factory';
import { makeApiEvent, makeLambdaContext } from './http/testing/make-api-event';
import { createLogger } from './logger';
import { withRequestScope } from './request-scope';

/** The real EventBridge client, answered in-process; the PutEvents entries it sent are kept. */
function capturingBus() {
  const entries: { Source: string; DetailType: string; Detail: string }[] = [];
  const client = new EventBridgeClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: {
      handle: async (request: { body?: unknown }) => {
        const body = JSON.parse(new TextDecoder().decode(request.body as Uint8Array)) as {
          Entries: (typeof entries)[number][];
        };
        entries.push(...body.Entries);
        const answer = { FailedEntryCount: 0, Entries: body.Entries.map((_, i) => ({ EventId: `e-${i}` })) };
        return {
          response: {
            statusCode: 200,
            headers: { 'content-type': 'application/x-amz-json-1.1' },
            body: Readable.from([Buffer.from(JSON.stringify(answer))]),
          },
        };
      },
    },
  });
  return { entries, events: createEventPublisher(client, 'test-bus') };
}

function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ sink: (line) => lines.push(line) });
  return { logger, logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const usage = { subject: 'subject-hash-1', seconds: 12, leaseId: 'lease-1', day: '2026-11-22' };

describe('one request id from the API through the bus into the consumer', () => {
  it('a route’s log lines and the event it publishes carry the API request id, and the consumer logs it', async () => {
    const bus = capturingBus();
    const api = capturingLogger();
    const { httpRoute } = createHttpRoutes({
      logger: api.logger,
      tokens: { verifyAccessToken: async () => undefined },
      adminSessions: { checkAdminSession: async () => 'invalid' },
    });
    const handler = httpRoute('health.check', async () => {
      api.logger.info('inside the handler');
      await bus.events.publish('usageRecorded', usage);
      return { ok: true as const };
    });

    const response = await handler(makeApiEvent({ requestId: 'req-from-api-gateway' }), makeLambdaContext());

    expect(response.headers?.['x-request-id']).toBe('req-from-api-gateway');
    expect(api.logs().map((line) => line.requestId)).toEqual([
      'req-from-api-gateway',
      'req-from-api-gateway',
    ]);
    const [entry] = bus.entries;
    const detail = JSON.parse(entry?.Detail ?? '{}') as Record<string, unknown>;
    expect(detail).toEqual({ ...usage, [EVENT_REQUEST_ID_FIELD]: 'req-from-api-gateway' });

    const consumer = capturingLogger();
    const consume = eventConsumer(
      'usageRecorded',
      async () => {
        consumer.logger.info('inside the consumer');
        return 'added';
      },
      consumer.logger,
    );
    const delivered: EventBridgeEvent<string, unknown> = {
      version: '0',
      id: 'event-1',
      'detail-type': entry?.DetailType ?? '',
      source: EVENT_SOURCE,
      account: '000000000000',
      time: '2026-11-22T10:00:00Z',
      region: 'us-east-1',
      resources: [],
      detail,
    };
    await consume(delivered);

    expect(consumer.logs()).toEqual([
      expect.objectContaining({ message: 'inside the consumer', requestId: 'req-from-api-gateway' }),
      expect.objectContaining({ message: 'event', eventId: 'event-1', requestId: 'req-from-api-gateway' }),
    ]);
  });

  it('an event published outside any request carries no request id, and its consumer logs none', async () => {
    const bus = capturingBus();
    await bus.events.publish('usageRecorded', usage);
    expect(JSON.parse(bus.entries[0]?.Detail ?? '{}')).toEqual(usage);

    const consumer = capturingLogger();
    await eventConsumer(
      'usageRecorded',
      async () => 'added',
      consumer.logger,
    )({
      version: '0',
      id: 'event-2',
      'detail-type': 'usage.recorded',
      source: EVENT_SOURCE,
      account: '000000000000',
      time: '2026-11-22T10:00:00Z',
      region: 'us-east-1',
      resources: [],
      detail: usage,
    });
    expect(consumer.logs()[0]).not.toHaveProperty('requestId');
  });

  it('a line that names its own request id keeps it', () => {
    const { logger, logs } = capturingLogger();
    withRequestScope('outer', () => logger.info('line', { requestId: 'named' }));
    expect(logs()[0]?.requestId).toBe('named');
  });
});
