import { randomInt, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { describe, expect, inject, it } from 'vitest';
import { speechKeyResponseSchema } from '@wayfarer/shared/api/speech';
import { SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';
import { createLeaseStore } from '../../adapters/aws/lease-store';
import { userProfileKey } from '../../adapters/aws/table';
import {
  createLocalSpeechKeys,
  localSpeechKeySecret,
  signLocalSpeechKey,
} from '../../adapters/local/speech-keys';
import { CLOSE, CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import type { Events } from '../../ports/platform';
import { leaseCharge, SPEECH_KEY_LIMITS, SUBSCRIBER_KEY_TTL_SECONDS } from '../../domain/allowance';
import { callApi, claimsOf, GOOD_PASSWORD, uniqueEmail } from '../../testing/local-cloud-api';
import { key } from './handler';
import { issueSpeechKey, type SpeechKeyPorts } from './service';
import { getConfig } from '../../config';
import { getTable } from '../../providers';

const config = await getConfig();
const table = await getTable();

// The integration global setup (infra/local/testing/global-setup.ts) provides it; its type lives in infra.
const cloud = (inject as (name: string) => unknown)('localCloud') as { readonly url: string };
const ipHashSecret = config.IP_HASH_SECRET!;
const secret = localSpeechKeySecret(ipHashSecret);
/** A caller nobody else in the run uses, so each test starts with a full allowance. */
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

describe('GET /api/deepgram/key over DynamoDB Local', () => {
  it('answers {key, time_to_live_in_seconds, url} with the whole allowance and the local socket on the caller’s host', async () => {
    const result = await key(
      makeApiEvent({ path: '/api/deepgram/key', sourceIp: freshIp(), headers: { Host: '127.0.0.1:43210' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(200);
    const body = speechKeyResponseSchema.parse(JSON.parse(result.body));
    expect(body.time_to_live_in_seconds).toBe(config.ANON_DAILY_SECONDS);
    expect(body.url).toBe('ws://127.0.0.1:43210/v1/listen');
  });

  it('keys taken too fast answer 429 error_rate_limit, not the spent allowance', async () => {
    const sourceIp = freshIp();
    let refusal: { statusCode: number; body: string } | undefined;
    for (let start = 0; start <= SPEECH_KEY_LIMITS.open && !refusal; start++) {
      const result = await key(makeApiEvent({ path: '/api/deepgram/key', sourceIp }), makeLambdaContext());
      if (result.statusCode !== 200) refusal = result;
    }
    expect(refusal?.statusCode).toBe(429);
    expect(JSON.parse(refusal!.body)).toEqual({ error: 'error_rate_limit' });
  });

  it('30 parallel key calls from one caller get SPEECH_KEY_LIMITS.open keys; the rest answer 429 error_rate_limit', async () => {
    const sourceIp = freshIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        key(makeApiEvent({ path: '/api/deepgram/key', sourceIp }), makeLambdaContext()),
      ),
    );
    const statuses = results.map((result) => result.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SPEECH_KEY_LIMITS.open);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SPEECH_KEY_LIMITS.open);
  });

  it('charges a client that takes a key and never calls usage/update: the next key is shorter by the time elapsed', async () => {
    let now = new Date();
    const published: unknown[] = [];
    const events: Events = { publish: async (_name, detail) => void published.push(detail) };
    const ports: SpeechKeyPorts = {
      leases: createLeaseStore(table),
      users: { getProfile: async () => undefined },
      keys: createLocalSpeechKeys({ secret, appUrl: cloud.url, clock: { now: () => now } }),
      events,
      clock: { now: () => now },
      newId: randomUUID,
      logger: { warn: () => undefined },
    };
    const policy = { allowances: { anonymousSeconds: 300, userSeconds: 900 }, ipHashSecret };
    const caller = { kind: 'anonymous', sourceIp: freshIp() } as const;

    const first = await issueSpeechKey(ports, policy, caller, undefined);
    now = new Date(now.getTime() + 95_000);
    const second = await issueSpeechKey(ports, policy, caller, undefined);

    expect(first.kind === 'issued' && first.response.time_to_live_in_seconds).toBe(300);
    expect(second.kind === 'issued' && second.response.time_to_live_in_seconds).toBe(205);
    // The silent client's lease was closed at its elapsed time when the new key superseded it.
    expect(published).toEqual([expect.objectContaining({ seconds: 95 })]);

    // And a client that never comes back at all is charged up to the whole key.
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await issueSpeechKey(ports, policy, caller, undefined)).toEqual({ kind: 'spent' });
  });
});

describe('the lease store', () => {
  it('records what our own socket saw on a lease, only ever raising it, and charges at least that', async () => {
    const leases = createLeaseStore(table);
    const issuedAt = new Date();
    const lease = {
      id: randomUUID(),
      subject: `ip-${randomUUID()}`,
      day: '2026-11-22',
      issuedAt,
      ttlSeconds: 300,
    };
    await leases.open(lease);
    expect(await leases.recordObserved(lease, 40)).toBe(true);
    expect(await leases.recordObserved(lease, 12)).toBe(false);
    await leases.close(lease, { at: issuedAt, seconds: 3 });
    const [stored] = (await leases.ledger(lease.subject, lease.day)).leases;
    expect(stored?.observedSeconds).toBe(40);
    expect(leaseCharge(stored!, issuedAt)).toBe(40);
    expect(await leases.recordObserved({ ...lease, id: 'never-issued' }, 5)).toBe(false);
  });
});

describe('GET /api/deepgram/key through the local gateway', () => {
  it('points at the socket on the gateway the caller reached (docs/TESTIDS.md local run contract)', async () => {
    const answer = await callApi(cloud.url, 'GET', '/api/deepgram/key');
    expect(answer.status).toBe(200);
    const body = speechKeyResponseSchema.parse(answer.body);
    expect(body.url).toBe(`${cloud.url.replace(/^http/, 'ws')}/v1/listen`);
  });

  it('gives a signed-in user USER_DAILY_SECONDS, and a subscriber a long session key', async () => {
    const email = uniqueEmail('speech');
    const registered = await callApi(cloud.url, 'POST', '/api/auth/register', {
      json: { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const { token } = registered.body as { token: string };

    const free = await callApi(cloud.url, 'GET', '/api/deepgram/key', { token });
    expect(speechKeyResponseSchema.parse(free.body).time_to_live_in_seconds).toBe(config.USER_DAILY_SECONDS);

    // The billing issue writes this status from Stripe's webhook; here it is written directly.
    const sub = String(claimsOf(token)['sub']);
    const profile = await table.get(userProfileKey(sub), { consistent: true });
    await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
    const paid = await callApi(cloud.url, 'GET', '/api/deepgram/key', { token });
    expect(speechKeyResponseSchema.parse(paid.body).time_to_live_in_seconds).toBe(SUBSCRIBER_KEY_TTL_SECONDS);
  });
});

describe('the local speech socket', () => {
  const listenUrl = `${cloud.url.replace(/^http/, 'ws')}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY).toString()}`;

  function open(speechKey: string): Promise<{ code: number; reason: string; messages: string[] }> {
    return new Promise((resolve, reject) => {
      const messages: string[] = [];
      const socket = new WebSocket(listenUrl, ['token', speechKey]);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'CloseStream' })));
      socket.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8'), messages }));
      socket.on('error', reject);
    });
  }

  it('refuses a forged key with Deepgram’s close code and reason', async () => {
    const forged = signLocalSpeechKey(localSpeechKeySecret('not-the-secret'), {
      lid: 'l',
      sub: 's',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    for (const candidate of [forged, 'plainly-not-a-key']) {
      const closed = await open(candidate);
      expect(closed.code).toBe(CLOSE.policyViolation);
      expect(closed.reason).toBe(CLOSE_REASON.invalidAuth);
    }
  });

  it('refuses an expired key', async () => {
    const expired = signLocalSpeechKey(secret, {
      lid: 'l',
      sub: 's',
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const closed = await open(expired);
    expect(closed.code).toBe(CLOSE.policyViolation);
    expect(closed.reason).toBe(CLOSE_REASON.invalidAuth);
  });

  it('accepts a key from GET /api/deepgram/key and speaks the protocol', async () => {
    const result = await key(
      makeApiEvent({ path: '/api/deepgram/key', sourceIp: freshIp() }),
      makeLambdaContext(),
    );
    const { key: speechKey } = speechKeyResponseSchema.parse(JSON.parse(result.body));

    const closed = await open(speechKey);
    expect(closed.code).toBe(CLOSE.normal);
    expect(closed.messages.map((message) => (JSON.parse(message) as { type: string }).type)).toContain(
      'Metadata',
    );
  });
});
