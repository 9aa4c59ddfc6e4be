import { createHash, randomInt, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { speechTicketResponseSchema } from '@wayfarer/shared/api/speech';
import { CLOSE, CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { SPEECH_RELAY_LIMITS, SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';
import { createLeaseStore } from '../../adapters/aws/lease-store';
import { speechTicketKey, userProfileKey } from '../../adapters/aws/table';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { leaseCharge } from '../../domain/allowance';
import { usageSubject } from '../../domain/usage-subject';
import { callApi, claimsOf, GOOD_PASSWORD, uniqueEmail } from '../../testing/local-cloud-api';
import { ticket } from './handler';
import { getConfig } from '../../config';
import { getTable } from '../../providers';

const config = await getConfig();
const table = await getTable();

// The integration global setup (infra/local/testing/global-setup.ts) provides it; its type lives in infra.
const cloud = (inject as (name: string) => unknown)('localCloud') as { readonly url: string };
/** A caller nobody else in the run uses, so each test starts with a full allowance. */
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

describe('POST /api/speech/ticket over DynamoDB Local', () => {
  it('answers {ticket, seconds_left} with the whole allowance', async () => {
    const result = await ticket(
      makeApiEvent({ method: 'POST', path: '/api/speech/ticket', sourceIp: freshIp() }),
      makeLambdaContext(),
    );
    expect(result.statusCode).toBe(200);
    expect(speechTicketResponseSchema.parse(JSON.parse(result.body)).seconds_left).toBe(
      config.ANON_DAILY_SECONDS,
    );
  });

  it('stores the ticket only as its hash, for SPEECH_RELAY_LIMITS.ticketSeconds', async () => {
    const result = await ticket(
      makeApiEvent({ method: 'POST', path: '/api/speech/ticket', sourceIp: freshIp() }),
      makeLambdaContext(),
    );
    const { ticket: issued } = speechTicketResponseSchema.parse(JSON.parse(result.body));
    expect(await table.get(speechTicketKey(issued), { consistent: true })).toBeUndefined();
    const hash = createHash('sha256').update(issued).digest('hex');
    const stored = await table.get(speechTicketKey(hash), { consistent: true });
    expect(JSON.stringify(stored)).not.toContain(issued);
    expect(Number(stored?.['expiresAt']) - Date.now() / 1000).toBeLessThanOrEqual(
      SPEECH_RELAY_LIMITS.ticketSeconds,
    );
  });

  it('tickets taken too fast answer 429 error_rate_limit, not the spent allowance', async () => {
    const sourceIp = freshIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        ticket(makeApiEvent({ method: 'POST', path: '/api/speech/ticket', sourceIp }), makeLambdaContext()),
      ),
    );
    const statuses = results.map((result) => result.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SPEECH_RELAY_LIMITS.ticketsOpen);
    const refusal = results.find((result) => result.statusCode === 429);
    expect(JSON.parse(refusal!.body)).toEqual({ error: 'error_rate_limit' });
  });

  it('a spent allowance answers 429 error_usage_limit_reached', async () => {
    const sourceIp = freshIp();
    const first = await ticket(
      makeApiEvent({ method: 'POST', path: '/api/speech/ticket', sourceIp }),
      makeLambdaContext(),
    );
    expect(first.statusCode).toBe(200);
    // The relay charged the whole allowance to this viewer's lease.
    const subject = usageSubject({ kind: 'anonymous', sourceIp }, config.IP_HASH_SECRET);
    const day = new Date().toISOString().slice(0, 10);
    const leases = createLeaseStore(table);
    const lease = {
      id: randomUUID(),
      subject,
      day,
      issuedAt: new Date(),
      ttlSeconds: config.ANON_DAILY_SECONDS,
    };
    await leases.open(lease);
    await leases.recordObserved(lease, config.ANON_DAILY_SECONDS);
    const spent = await ticket(
      makeApiEvent({ method: 'POST', path: '/api/speech/ticket', sourceIp }),
      makeLambdaContext(),
    );
    expect(spent.statusCode).toBe(429);
    expect(JSON.parse(spent.body)).toEqual({ error: 'error_usage_limit_reached' });
  });
});

describe('the lease store', () => {
  it('records what the relay forwarded on a lease, only ever raising it, and charges at least that', async () => {
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
    expect(leaseCharge(stored!)).toBe(40);
    expect(await leases.recordObserved({ ...lease, id: 'never-issued' }, 5)).toBe(false);
  });
});

describe('POST /api/speech/ticket through the local gateway', () => {
  it('gives a signed-in user USER_DAILY_SECONDS, and a subscriber no count-down (null)', async () => {
    const email = uniqueEmail('speech');
    const registered = await callApi(cloud.url, 'POST', '/api/auth/register', {
      json: { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const { token } = registered.body as { token: string };

    const free = await callApi(cloud.url, 'POST', '/api/speech/ticket', { token });
    expect(speechTicketResponseSchema.parse(free.body).seconds_left).toBe(config.USER_DAILY_SECONDS);

    // The billing issue writes this status from Stripe's webhook; here it is written directly.
    const sub = String(claimsOf(token)['sub']);
    const profile = await table.get(userProfileKey(sub), { consistent: true });
    await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
    const paid = await callApi(cloud.url, 'POST', '/api/speech/ticket', { token });
    expect(speechTicketResponseSchema.parse(paid.body).seconds_left).toBeNull();
  });

  it('a GET makes no ticket (405)', async () => {
    expect((await callApi(cloud.url, 'GET', '/api/speech/ticket')).status).toBe(405);
  });
});

describe("the local cloud's speech relay (the local run contract)", () => {
  const listenUrl = `${cloud.url.replace(/^http/, 'ws')}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY).toString()}`;

  function open(speechTicket: string): Promise<{ code: number; reason: string; messages: string[] }> {
    return new Promise((resolve, reject) => {
      const messages: string[] = [];
      const socket = new WebSocket(listenUrl, ['token', speechTicket]);
      socket.on('message', (data: Buffer) => {
        messages.push(data.toString('utf8'));
        // The relay speaks first (Allowance); then end the stream.
        if (messages.length === 1) socket.send(JSON.stringify({ type: 'CloseStream' }));
      });
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8'), messages }));
      socket.on('error', reject);
    });
  }

  /** A session that sends CloseStream at once; its messages are the relay's and the recogniser's whole answer. */
  async function sessionOfNothing() {
    const answer = await callApi(cloud.url, 'POST', '/api/speech/ticket');
    return open(speechTicketResponseSchema.parse(answer.body).ticket);
  }

  // The shared cloud loads the speech model on the first upgrade (infra/local/testing/global-setup.ts); with another
  // file running beside this one that can outlast a session's wind-down, which a served cloud never meets (it loads
  // the model before it answers). Wait until a session is answered by the loaded recogniser.
  beforeAll(async () => {
    await vi.waitUntil(
      async () => (await sessionOfNothing()).messages.some((message) => message.includes('"Metadata"')),
      { timeout: 120_000, interval: 100 },
    );
  }, 130_000);

  it('refuses a made-up ticket with Deepgram’s close code and reason', async () => {
    const closed = await open('plainly-not-a-ticket');
    expect(closed.code).toBe(CLOSE.policyViolation);
    expect(closed.reason).toBe(CLOSE_REASON.invalidAuth);
  });

  it('accepts a ticket from POST /api/speech/ticket on the same gateway and speaks the protocol', async () => {
    const closed = await sessionOfNothing();
    expect(closed.code).toBe(CLOSE.normal);
    const types = closed.messages.map((message) => (JSON.parse(message) as { type: string }).type);
    expect(types[0]).toBe('Allowance');
    expect(types).toContain('Metadata');
  });
});
