import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { usageDay } from '@wayfarer/lambdas/domain/allowance';
import { getTable } from '@wayfarer/lambdas/providers';
import { DEAD_LETTERS_REPLAY_PATH } from '../dead-letters';
import { call, callRetrying, startFaultCloud, until, type Answer, type FaultCloud } from './fault-cloud';

const PASSWORD = 'Travel!2024x';
const TRAVELLERS = 4;
/** Each session's length: one start every 5 s is what a traveller does at most (SPEECH_KEY_LIMITS). */
const PHRASE_SECONDS = 5;

let fault: FaultCloud;

beforeAll(async () => {
  fault = await startFaultCloud({ USER_DAILY_SECONDS: '100000', ANON_DAILY_SECONDS: '100000' });
});

afterAll(async () => {
  await fault?.stop();
});

function subOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return claims.sub;
}

describe('DynamoDB Local killed and restarted mid-traffic', () => {
  it('calls in flight answer 503 with Retry-After (never 500, never a hang); after its restart every call works without restarting the local cloud; no lease or usage record is lost or doubled', async () => {
    const { cloud } = fault;
    const url = cloud.url;
    const tokens: string[] = [];
    // One more than the speaking travellers: the last presses Start while the table is down.
    for (let index = 0; index <= TRAVELLERS; index += 1) {
      const email = `fault-${index}-${Date.now()}@example.com`;
      const answer = await call(url, 'POST', '/api/auth/register', {
        json: { email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(answer.status).toBe(200);
      tokens.push((answer.body as { token: string }).token);
    }

    // Each traveller speaks session after session (a key, a phrase, then the usage report), as a client that honours
    // Retry-After would; the traffic stops once DynamoDB Local is back and a few more sessions went through.
    const seen: Answer[] = [];
    let sessionsAfterRestart = 0;
    let stop = false;
    const traveller = async (token: string) => {
      while (!stop) {
        const key = await callRetrying(url, 'GET', '/api/deepgram/key', { token }, seen);
        expect(key.status).toBe(200);
        // A phrase takes a traveller a few seconds to say: the pace the key-rate limit always allows.
        await new Promise((resolve) => setTimeout(resolve, PHRASE_SECONDS * 1000));
        const report = await callRetrying(
          url,
          'POST',
          '/api/usage/update',
          { token, json: { durationSeconds: PHRASE_SECONDS } },
          seen,
        );
        expect(report.status).toBe(200);
        if (restarted) sessionsAfterRestart += 1;
        if (sessionsAfterRestart >= TRAVELLERS * 3) stop = true;
      }
    };
    let restarted = false;
    const latecomer = tokens.at(-1)!;
    const traffic = Promise.all(tokens.slice(0, TRAVELLERS).map(traveller));

    await until('a few sessions before the fault', async () => seen.length >= 12);
    const dynamo = cloud.processes().find((entry) => entry.name === 'DynamoDB Local');
    expect(dynamo).toBeDefined();
    // SIGKILL to its process group: the JVM gets no chance to flush or say goodbye.
    process.kill(-(dynamo?.pid as number), 'SIGKILL');
    // A traveller who presses Start while the table is down: answered 503 with Retry-After, then served.
    const startedDuringOutage = callRetrying(url, 'GET', '/api/deepgram/key', { token: latecomer }, seen);
    await until('DynamoDB Local is started again by the local cloud', async () => {
      const now = cloud.processes().find((entry) => entry.name === 'DynamoDB Local');
      return now !== undefined && now.pid !== dynamo?.pid;
    });
    await until('the API answers again', async () => (await call(url, 'GET', '/api/health')).status === 200);
    restarted = true;
    expect((await startedDuringOutage).status).toBe(200);
    const latecomerReport = await callRetrying(
      url,
      'POST',
      '/api/usage/update',
      { token: latecomer, json: { durationSeconds: 1 } },
      seen,
    );
    expect(latecomerReport.status).toBe(200);
    await traffic;

    const unavailable = seen.filter((answer) => answer.status === 503);
    console.info(
      `DynamoDB fault: ${seen.length} calls, ${unavailable.length} answered 503, then retried and served`,
    );
    const statuses = new Set(seen.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const answer of seen.filter((candidate) => candidate.status === 503)) {
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.body).toHaveProperty('error');
    }

    // Deliveries that failed while the table was down are parked; a replay applies them, once each.
    await cloud.eventsIdle();
    const replay = await call(url, 'POST', DEAD_LETTERS_REPLAY_PATH);
    expect(replay.status).toBe(200);
    expect((replay.body as { parkedAgain: number }).parkedAgain).toBe(0);
    await cloud.eventsIdle();

    const leases = createLeaseStore(await getTable());
    const day = usageDay(new Date());
    for (const token of tokens) {
      const ledger = await leases.ledger(subOf(token), day);
      const charged = ledger.leases.reduce((sum, lease) => sum + (lease.closed?.seconds ?? 0), 0);
      // Every lease a key opened was closed by its report (the last key's lease included), once.
      expect(ledger.leases.every((lease) => lease.closed !== undefined)).toBe(true);
      expect(ledger.countedSeconds).toBeCloseTo(charged, 6);
    }
  });
});
