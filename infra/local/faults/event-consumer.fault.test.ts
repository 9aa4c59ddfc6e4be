import { randomUUID } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_BUS_NAME } from '@wayfarer/shared/events';
import { createAnalyticsStore } from '@wayfarer/lambdas/adapters/aws/analytics-store';
import { createEventPublisher } from '@wayfarer/lambdas/adapters/aws/event-publisher';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { usageDay } from '@wayfarer/lambdas/domain/allowance';
import { usageSubject } from '@wayfarer/lambdas/domain/usage-subject';
import { getTable } from '@wayfarer/lambdas/providers';
import { DEAD_LETTER_FILE, DEAD_LETTERS_PATH, DEAD_LETTERS_REPLAY_PATH } from '../dead-letters';
import { RETRY_DELAYS_MS } from '../event-bus';
import { call, startFaultCloud, type FaultCloud } from './fault-cloud';

let fault: FaultCloud;

beforeAll(async () => {
  fault = await startFaultCloud();
});

afterAll(async () => {
  await fault?.stop();
});

describe('the event consumer failing', () => {
  it('retries each event, then parks it in the dead-letter log (a file under DATA_DIR and /__local/dead-letters); a replay applies each once, and usage and analytics totals come out exact', async () => {
    const { cloud } = fault;
    const publisher = createEventPublisher(new EventBridgeClient({}), EVENT_BUS_NAME);
    const day = usageDay(new Date());
    const now = new Date().toISOString();
    const page = `/fault-${randomUUID().slice(0, 8)}`;
    const sessions = [3, 7, 11, 2.5, 30].map((seconds, index) => ({
      subject: usageSubject(
        { kind: 'anonymous', sourceIp: `198.51.100.${index + 1}` },
        cloud.env.IP_HASH_SECRET,
      ),
      seconds,
    }));
    const views = 6;

    // The consumers' table goes away (stopped, so nothing restarts it): every delivery fails for real.
    await cloud.stopServer('DynamoDB Local');
    for (const session of sessions) {
      await publisher.publish('usageRecorded', { ...session, leaseId: randomUUID(), day });
    }
    for (let view = 0; view < views; view += 1) {
      await publisher.publish('pageViewed', {
        page,
        userKind: 'anonymous',
        truncatedIp: '198.51.100.0',
        visitorHash: `visitor-${view % 3}`,
        viewedAt: now,
      });
    }
    await cloud.eventsIdle();

    const parked = await call(cloud.url, 'GET', DEAD_LETTERS_PATH);
    const listed = parked.body as { count: number; deadLetters: { consumer: string; attempts: number }[] };
    expect(listed.count).toBe(sessions.length + views);
    // The first attempt and one per retry delay, then parked.
    expect(listed.deadLetters.every((entry) => entry.attempts === RETRY_DELAYS_MS.length + 1)).toBe(true);
    const file = path.join(fault.dataDir, DEAD_LETTER_FILE);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(sessions.length + views);
    await copyFile(file, `${file}.kept`);

    await cloud.startServer('DynamoDB Local');
    const replay = await call(cloud.url, 'POST', DEAD_LETTERS_REPLAY_PATH);
    expect(replay.body).toEqual({ replayed: sessions.length + views, parkedAgain: 0 });
    expect((await call(cloud.url, 'GET', DEAD_LETTERS_PATH)).body).toMatchObject({ count: 0 });

    // The same parked events replayed a second time change nothing: each is applied once.
    await copyFile(`${file}.kept`, file);
    expect((await call(cloud.url, 'POST', DEAD_LETTERS_REPLAY_PATH)).body).toEqual({
      replayed: sessions.length + views,
      parkedAgain: 0,
    });

    const table = await getTable();
    const leases = createLeaseStore(table);
    for (const session of sessions) {
      expect((await leases.ledger(session.subject, day)).countedSeconds).toBe(session.seconds);
    }
    const [figures] = await createAnalyticsStore(table).dayFigures([now.slice(0, 10)]);
    expect(figures?.viewsByPage[page]).toBe(views);
    expect(figures?.uniqueVisitors).toBe(3);
    expect(figures?.anonymousLastActive).toBe(sessions.length);
  });
});
