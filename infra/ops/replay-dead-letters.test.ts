import { describe, expect, it } from 'vitest';
import {
  replayDeadLetters,
  replayOf,
  type DeadLetter,
  type DeadLetterPorts,
  type Replay,
} from './replay-dead-letters';

const FUNCTION =
  'arn:aws:lambda:eu-west-1:123456789012:function:Wayfarer-prod-Events-ConsumersUsageRecorded-abc';
const event = (id: string) => ({
  version: '0',
  id,
  'detail-type': 'usage.recorded',
  source: 'wayfarer.app',
  detail: { subject: 's', seconds: 5, leaseId: 'l', day: '2026-11-24', requestId: 'req-1' },
});
// Lambda's on-failure destination record, and EventBridge's own dead letter (constructs/reliable-target.ts).
const destinationRecord = (id: string) =>
  JSON.stringify({
    version: '1.0',
    requestContext: { requestId: 'r', functionArn: `${FUNCTION}:$LATEST`, condition: 'RetriesExhausted' },
    requestPayload: event(id),
    responseContext: { statusCode: 200, functionError: 'Unhandled' },
  });

/** An in-memory queue per URL; a received letter is hidden until released or deleted, as SQS does. */
function fakePorts(
  queues: Record<string, { body: string; attributes?: Record<string, string> }[]>,
  failing = new Set<string>(),
) {
  const visible = new Map(
    Object.entries(queues).map(([url, letters]) => [
      url,
      letters.map((l, i) => ({ ...l, id: `${url}#${i}` })),
    ]),
  );
  const hidden = new Map<
    string,
    { queueUrl: string; body: string; attributes?: Record<string, string>; id: string }
  >();
  const invoked: Replay[] = [];
  const ports: DeadLetterPorts = {
    queueUrls: async (prefix) => [...visible.keys()].filter((url) => url.includes(prefix)),
    receive: async (queueUrl) => {
      const letters = (visible.get(queueUrl) ?? []).splice(0, 10);
      return letters.map((letter) => {
        hidden.set(letter.id, { ...letter, queueUrl });
        return { queueUrl, receiptHandle: letter.id, body: letter.body, attributes: letter.attributes ?? {} };
      });
    },
    delete: async (letter: DeadLetter) => void hidden.delete(letter.receiptHandle),
    release: async (letter: DeadLetter) => {
      const kept = hidden.get(letter.receiptHandle);
      hidden.delete(letter.receiptHandle);
      if (kept) visible.get(letter.queueUrl)?.push(kept);
    },
    invoke: async (replay) => {
      invoked.push(replay);
      return !failing.has(replay.event.id);
    },
  };
  const left = () => [...visible.values()].flat().length + hidden.size;
  return { ports, invoked, left };
}

const queue = 'https://sqs.eu-west-1.amazonaws.com/123456789012/Wayfarer-prod-Events-DeadLetters-1';

describe('replaying the dead-letter queues', () => {
  it('reads both shapes of dead letter: the function that failed and the original event, same id', () => {
    expect(replayOf({ body: destinationRecord('e-1'), attributes: {} })).toEqual({
      functionArn: FUNCTION,
      event: event('e-1'),
    });
    expect(replayOf({ body: JSON.stringify(event('e-2')), attributes: { TARGET_ARN: FUNCTION } })).toEqual({
      functionArn: FUNCTION,
      event: event('e-2'),
    });
    expect(replayOf({ body: 'not json', attributes: {} })).toBeUndefined();
    expect(replayOf({ body: JSON.stringify({ hello: 1 }), attributes: {} })).toBeUndefined();
  });

  it('sends each letter back to its consumer with the original event and deletes it once the consumer succeeds', async () => {
    const { ports, invoked, left } = fakePorts({
      [queue]: [
        { body: destinationRecord('e-1') },
        { body: JSON.stringify(event('e-2')), attributes: { TARGET_ARN: FUNCTION } },
      ],
      'https://sqs/Wayfarer-dev-Events-DeadLetters': [{ body: destinationRecord('other-stage') }],
    });
    const report = await replayDeadLetters(ports, { stage: 'prod' });
    expect(report).toEqual({
      queues: 1,
      replayed: 2,
      failedAgain: 0,
      unreadable: 0,
      byEvent: { 'usage.recorded': 2 },
    });
    expect(invoked.map((replay) => replay.event.id)).toEqual(['e-1', 'e-2']);
    expect(left()).toBe(1); // the other stage's letter
  });

  it('keeps a letter whose consumer fails again, and one it cannot read, for the operator', async () => {
    const { ports, left } = fakePorts(
      { [queue]: [{ body: destinationRecord('e-1') }, { body: destinationRecord('bad') }, { body: '???' }] },
      new Set(['bad']),
    );
    const report = await replayDeadLetters(ports, { stage: 'prod' });
    expect(report).toMatchObject({ replayed: 1, failedAgain: 1, unreadable: 1 });
    expect(left()).toBe(2);
  });

  it('changes nothing on a dry run', async () => {
    const { ports, invoked, left } = fakePorts({ [queue]: [{ body: destinationRecord('e-1') }] });
    expect(await replayDeadLetters(ports, { stage: 'prod', dryRun: true })).toMatchObject({ replayed: 1 });
    expect(invoked).toEqual([]);
    expect(left()).toBe(1);
  });
});
