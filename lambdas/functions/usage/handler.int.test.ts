import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { speechKeyResponseSchema } from '@wayfarer/shared/api/speech';
import { RATE_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { createLeaseStore } from '../../adapters/aws/lease-store';
import { usageDayKey } from '../../adapters/aws/table';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { usageDay } from '../../domain/allowance';
import { usageSubject } from '../../domain/usage-subject';
import { getConfig } from '../../config';
import { getTable } from '../../providers';

const config = await getConfig();
const table = await getTable();

const freshIp = () => `198.19.${randomInt(256)}.${randomInt(1, 255)}`;
const context = makeLambdaContext();
const subjectOf = (sourceIp: string) => usageSubject({ kind: 'anonymous', sourceIp }, config.IP_HASH_SECRET);

/** The handlers as a fresh import reads them, with the environment overridden first (config reads it once). */
async function handlersWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const [{ key }, { update }] = await Promise.all([import('../speech/handler'), import('./handler')]);
  return {
    takeKey: (sourceIp: string) => key(makeApiEvent({ path: '/api/deepgram/key', sourceIp }), context),
    report: (sourceIp: string, durationSeconds: number) =>
      update(
        makeApiEvent({ method: 'POST', path: '/api/usage/update', sourceIp, json: { durationSeconds } }),
        context,
      ),
  };
}

async function dayCounter(subject: string): Promise<number | undefined> {
  const item = await table.get(usageDayKey(subject, usageDay(new Date())), { consistent: true });
  return item?.['seconds'] as number | undefined;
}

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('POST /api/usage/update over DynamoDB Local and the local bus', () => {
  it('ANON_DAILY_SECONDS=4: a key for 4 s, the session reported at the cut-off, then 429 on the next key call', async () => {
    const api = await handlersWith({ ANON_DAILY_SECONDS: '4' });
    const ip = freshIp();

    const first = await api.takeKey(ip);
    expect(first.statusCode).toBe(200);
    expect(speechKeyResponseSchema.parse(JSON.parse(first.body)).time_to_live_in_seconds).toBe(4);

    expect((await api.report(ip, 2)).statusCode).toBe(200);
    const refused = await api.takeKey(ip);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ error: RATE_LIMIT_KEYS.speechKey });
  });

  it('clamps the report to what the lease allows, and a repeated report charges nothing more', async () => {
    const api = await handlersWith({ ANON_DAILY_SECONDS: '600' });
    const ip = freshIp();
    const subject = subjectOf(ip);
    expect((await api.takeKey(ip)).statusCode).toBe(200);

    // Claims far more than the moment since the key was issued: charged only the elapsed time plus the grace.
    const first = await api.report(ip, 5000);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ ok: true });
    const { leases } = await createLeaseStore(table).ledger(subject, usageDay(new Date()));
    expect(leases).toHaveLength(1);
    const charged = leases[0]!.closed!.seconds;
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThan(5);

    // The bus carries usage.recorded to the consumer, which adds it to the day counter.
    expect(
      await eventually(
        () => dayCounter(subject),
        (seconds) => seconds !== undefined,
      ),
    ).toBe(charged);

    expect((await api.report(ip, 5000)).statusCode).toBe(200);
    expect((await api.report(ip, 1)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await dayCounter(subject)).toBe(charged);
    const after = await createLeaseStore(table).ledger(subject, usageDay(new Date()));
    expect(after.leases.map((lease) => lease.closed?.seconds)).toEqual([charged]);
  });

  it('answers {ok: true} for a caller with no open lease', async () => {
    const api = await handlersWith({});
    const response = await api.report(freshIp(), 3);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
  });
});
