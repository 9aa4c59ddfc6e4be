import { Readable } from 'node:stream';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@wayfarer/shared/events';
import { createEventPublisher, EventPublishError } from './event-publisher';

interface CapturedRequest {
  headers: Record<string, string>;
  body: string;
}

// An SDK-level fake: the real client serialises and signs the request, and this handler answers it the way
// EventBridge would, so nothing leaves the process.
function fakeEventBridge(answer: Record<string, unknown>) {
  const requests: CapturedRequest[] = [];
  const client = new EventBridgeClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
        const body =
          request.body instanceof Uint8Array
            ? new TextDecoder().decode(request.body)
            : String(request.body ?? '');
        requests.push({ headers: request.headers, body });
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
  return { client, requests };
}

const detail = { subject: 'user-1', seconds: 42, leaseId: 'lease-1', day: '2026-11-22' };

describe('event publisher', () => {
  it('puts the event on the bus with the catalogue source and detail type', async () => {
    const { client, requests } = fakeEventBridge({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });
    const publisher = createEventPublisher(client, 'test-bus');

    await publisher.publish('usageRecorded', detail);

    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers['x-amz-target']).toBe('AWSEvents.PutEvents');
    const sent = JSON.parse(requests[0]?.body ?? '{}') as { Entries: Record<string, string>[] };
    expect(sent.Entries).toEqual([
      {
        EventBusName: 'test-bus',
        Source: EVENT_SOURCE,
        DetailType: 'usage.recorded',
        Detail: JSON.stringify(detail),
      },
    ]);
  });

  it('rejects a detail that breaks the catalogue schema without sending anything', async () => {
    const { client, requests } = fakeEventBridge({ FailedEntryCount: 0, Entries: [] });
    const publisher = createEventPublisher(client, 'test-bus');

    await expect(publisher.publish('usageRecorded', { ...detail, seconds: -1 })).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });

  it('fails when the bus rejects the entry', async () => {
    const { client } = fakeEventBridge({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    });
    const publisher = createEventPublisher(client, 'test-bus');

    await expect(publisher.publish('usageRecorded', detail)).rejects.toThrow(EventPublishError);
  });
});
