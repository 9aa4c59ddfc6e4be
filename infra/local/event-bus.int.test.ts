import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRule } from '@wayfarer/shared/events';
import { startEventBus, type BusEvent, type EventBus } from './event-bus';
import { HandlerNotFoundError, type HandlerFunction, type HandlerRef } from './lambda-runtime';

const received: BusEvent[] = [];
let flakyCalls = 0;

const consumers: Record<string, HandlerFunction> = {
  record: async (event) => {
    received.push(event as BusEvent);
  },
  // Fails twice, then succeeds: within the retry budget.
  flaky: async () => {
    flakyCalls += 1;
    if (flakyCalls < 3) throw new Error('transient');
  },
  broken: async () => {
    throw new Error('always fails');
  },
};

const rule = (name: string, detailType: string, consumer: string): EventRule =>
  ({
    name,
    pattern: { source: ['test.app'], 'detail-type': [detailType] },
    consumer: { id: `test.${consumer}`, area: 'test', export: consumer },
  }) as unknown as EventRule;

let folder: string;
let bus: EventBus;
let client: EventBridgeClient;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'wayfarer-bus-'));
  bus = await startEventBus({
    port: 0,
    region: 'us-east-1',
    accountId: '000000000000',
    deadLetterFile: path.join(folder, 'dead-letters.jsonl'),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    rules: [
      rule('a', 'thing.happened', 'record'),
      rule('b', 'thing.flaked', 'flaky'),
      rule('c', 'thing.broke', 'broken'),
      rule('d', 'thing.unrouted', 'missing'),
    ],
    loadHandler: async (ref: HandlerRef) => {
      const handler = consumers[ref.export];
      if (!handler) throw new HandlerNotFoundError(ref);
      return handler;
    },
  });
  client = new EventBridgeClient({
    endpoint: bus.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  client.destroy();
  await bus.close();
  await rm(folder, { recursive: true, force: true });
});

const put = (detailType: string, detail: object = { n: 1 }) =>
  client.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: 'wayfarer', Source: 'test.app', DetailType: detailType, Detail: JSON.stringify(detail) }],
    }),
  );

async function deadLetters(): Promise<{ consumer: string; attempts: number; event: BusEvent }[]> {
  const text = await readFile(path.join(folder, 'dead-letters.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { consumer: string; attempts: number; event: BusEvent });
}

describe('local event bus', () => {
  it('delivers a matching entry as an EventBridge event, with the id PutEvents returned', async () => {
    const result = await put('thing.happened', { n: 42 });
    await bus.whenIdle();
    const event = received.at(-1) as BusEvent;
    expect(event).toMatchObject({
      version: '0',
      id: result.Entries?.[0]?.EventId,
      'detail-type': 'thing.happened',
      source: 'test.app',
      account: '000000000000',
      region: 'us-east-1',
      resources: [],
      detail: { n: 42 },
    });
    expect(event.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('retries a failing consumer and stops once it succeeds', async () => {
    await put('thing.flaked');
    await bus.whenIdle();
    expect(flakyCalls).toBe(3);
    expect((await deadLetters()).filter((letter) => letter.consumer === 'test.flaky')).toEqual([]);
  });

  it('dead-letters an event whose consumer keeps failing, after the last retry', async () => {
    const result = await put('thing.broke');
    await bus.whenIdle();
    const letter = (await deadLetters()).find((entry) => entry.consumer === 'test.broken');
    expect(letter?.attempts).toBe(3);
    expect(letter?.event.id).toBe(result.Entries?.[0]?.EventId);
  });

  it('dead-letters at once an event whose target does not exist', async () => {
    await put('thing.unrouted');
    await bus.whenIdle();
    const letter = (await deadLetters()).find((entry) => entry.consumer === 'test.missing');
    expect(letter?.attempts).toBe(1);
  });

  it('accepts but delivers nothing for an event no rule matches', async () => {
    const before = received.length;
    const result = await put('thing.nobody.wants');
    await bus.whenIdle();
    expect(result.FailedEntryCount).toBe(0);
    expect(received.length).toBe(before);
  });

  it('fails entries for another bus, without failing the call', async () => {
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'default', Source: 'test.app', DetailType: 'thing.happened', Detail: '{}' },
          { EventBusName: 'wayfarer', Source: 'test.app', DetailType: 'thing.happened', Detail: '{}' },
        ],
      }),
    );
    expect(result.FailedEntryCount).toBe(1);
    expect(result.Entries?.[0]?.ErrorCode).toBeDefined();
    expect(result.Entries?.[1]?.EventId).toBeDefined();
  });
});
