import { randomInt, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { DeepgramClient } from '@deepgram/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, RELAY_CLOSE, type AllowanceMessage } from '@wayfarer/shared/api/speech-protocol';
import {
  SPEECH_BYTES_PER_SECOND,
  SPEECH_RELAY_LIMITS,
  SPEECH_SOCKET_QUERY,
} from '@wayfarer/shared/constants';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';
import type { EventDetail } from '@wayfarer/shared/events';
import { createLeaseStore } from '../adapters/aws/lease-store';
import { createSpeechSocketStore, createSpeechTicketStore } from '../adapters/aws/speech-relay-store';
import { createDeepgramListen } from '../adapters/cloud/deepgram-listen';
import { getConfig } from '../config';
import { secondsUsed, usageDay } from '../domain/allowance';
import { usageSubject, viewerHash } from '../domain/usage-subject';
import type { Events } from '../ports/platform';
import { getTable, systemClock } from '../providers';
import {
  SCRIPTED_DEEPGRAM_KEY,
  startScriptedDeepgramServer,
  type ScriptedDeepgramServer,
} from '../testing/scripted-deepgram-server';
import { startTestServer, type TestServer } from '../testing/test-server';
import { silentRelayMetrics } from './metrics';
import { createSpeechRelay, type SpeechRelay } from './relay';
import type { RelayLimits } from './session';

// The relay's rules (docs/DESIGN.md §9), each over DynamoDB Local and a protocol-faithful Deepgram-style server: the
// real table, the real lease and ticket stores, the relay's own Deepgram adapter. The clients here are scripts,
// as an attacker's would be: they send what they like as fast as they like.

const config = await getConfig();
const table = await getTable();
const leases = createLeaseStore(table);
const tickets = createSpeechTicketStore(table);
const sockets = createSpeechSocketStore(table);
const allowances = { anonymousSeconds: 60, userSeconds: 120 };
const policy = { allowances, ipHashSecret: config.IP_HASH_SECRET };

let deepgram: ScriptedDeepgramServer;
beforeAll(async () => {
  deepgram = await startScriptedDeepgramServer({
    script: [{ text: 'hello', language: 'en', afterAudioSeconds: 1 }],
  });
});
afterAll(async () => {
  await deepgram.close();
});

const running: { relay: SpeechRelay; server: TestServer }[] = [];
afterEach(async () => {
  for (const { relay, server } of running.splice(0)) {
    await relay.close();
    await server.close();
  }
});

/** A relay of its own (limits shortened where a test needs it) on a free port. */
async function startRelay(
  options: {
    limits?: Partial<RelayLimits>;
    maxSessions?: number;
    onProviderError?: () => void;
    handshakeTimeoutMs?: number;
  } = {},
) {
  const published: EventDetail<'usageRecorded'>[] = [];
  const events: Events = {
    publish: async (_name, detail) => void published.push(detail as EventDetail<'usageRecorded'>),
  };
  const relay = createSpeechRelay({
    ports: {
      tickets,
      sockets,
      leases,
      events,
      clock: systemClock,
      recognizer: createDeepgramListen({
        apiKey: SCRIPTED_DEEPGRAM_KEY,
        listenUrl: deepgram.listenUrl,
        handshakeTimeoutMs: options.handshakeTimeoutMs ?? 1_000,
        onProviderError: options.onProviderError,
      }),
      newId: randomUUID,
      logger: { warn: () => undefined },
      metrics: silentRelayMetrics,
    },
    policy: { ...policy, limits: { ...SPEECH_RELAY_LIMITS, ...options.limits } },
    maxSessions: options.maxSessions ?? 10,
  });
  const server = await startTestServer({
    onUpgrade: (request, socket, head) => {
      if (!relay.handleUpgrade(request, socket, head)) socket.destroy();
    },
  });
  running.push({ relay, server });
  return {
    relay,
    published,
    url: `ws://127.0.0.1:${server.port}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY)}`,
  };
}

/** A viewer nobody else in the run uses, so each test starts with a whole allowance. */
const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** A ticket as POST /api/speech/ticket stores it (its rules are lambdas/functions/speech's tests). */
async function ticketFor(ip: string): Promise<string> {
  const ticket = randomUUID();
  const subject = usageSubject({ kind: 'anonymous', sourceIp: ip }, config.IP_HASH_SECRET);
  const expiresAt = new Date(Date.now() + SPEECH_RELAY_LIMITS.ticketSeconds * 1000);
  await tickets.issue(
    ticket,
    { subject, role: 'anonymous', viewer: viewerHash(ip, config.IP_HASH_SECRET) },
    expiresAt,
  );
  return ticket;
}

/** A client as a script writes it: the ticket as the token subprotocol, the edge's viewer header as given. */
function connect(url: string, ticket: string, viewerIp: string) {
  const ws = new WebSocket(url, ['token', ticket], {
    headers: { [VIEWER_ADDRESS_HEADER]: `${viewerIp}:40000` },
  });
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  return { ws, messages, closed, opened };
}

/** Waits on a condition, never on a time: DynamoDB Local on 2 shared cores can take a second to answer. */
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 20_000, interval: 50 });

const seconds = (count: number) => Buffer.alloc(Math.round(count * SPEECH_BYTES_PER_SECOND));
const subjectOf = (ip: string) => usageSubject({ kind: 'anonymous', sourceIp: ip }, config.IP_HASH_SECRET);
const usedToday = async (ip: string) => secondsUsed(await leases.ledger(subjectOf(ip), usageDay(new Date())));

describe('the speech relay over DynamoDB Local', () => {
  it('sends the seconds left first, and the provider sees the server key, never the ticket', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const ticket = await ticketFor(ip);
    const client = connect(url, ticket, ip);
    await client.opened;
    await eventually(() => client.messages[0]).toEqual({
      type: 'Allowance',
      seconds_left: 60,
    } satisfies AllowanceMessage);
    client.ws.send(seconds(1));
    await eventually(() => client.messages.some((message) => message.is_final === true)).toBe(true);
    client.ws.close();
    expect(deepgram.keysSeen).not.toContain(ticket);
    expect(deepgram.keysSeen.at(-1)).toBe(SCRIPTED_DEEPGRAM_KEY);
  });

  it('closes a client that sends 90 s of audio against a 60 s allowance at 60 s, with the limit message, and charges 60 s', async () => {
    // Sent at once rather than over 90 s: the real-time rule (its own test below) is lifted for this one.
    const { url, published } = await startRelay({ limits: { aheadOfRealTimeSeconds: 1000 } });
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    // Sent as fast as the socket takes it, once the relay has said what is left (audio before that is held, and
    // more than 10 s of it refused).
    await eventually(() => client.messages.length).toBeGreaterThan(0);
    // The first second, heard, then the rest at once: the provider's socket is open by then (its handshake is a
    // test of its own below).
    client.ws.send(seconds(1));
    await eventually(() => client.messages.some((message) => message.is_final === true)).toBe(true);
    for (let second = 1; second < 90; second++) client.ws.send(seconds(1));
    const closed = await client.closed;
    expect(closed.code).toBe(RELAY_CLOSE.allowanceSpent);
    expect(client.messages.filter((message) => message.type === 'Allowance').at(-1)).toEqual({
      type: 'Allowance',
      seconds_left: 0,
    });
    // What the provider was given: the relay finalized it, and its Metadata counts the audio it heard.
    const metadata = client.messages.find((message) => message.type === 'Metadata');
    expect(metadata?.duration).toBe(60);
    await eventually(() => usedToday(ip)).toBe(60);
    await eventually(() => published.map((detail) => detail.seconds)).toEqual([60]);
  });

  it('audio held before the ticket is checked is bounded: more than 10 s of it is refused (1008)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    for (let second = 0; second < 12; second++) client.ws.send(seconds(1));
    expect((await client.closed).code).toBe(CLOSE.policyViolation);
  });

  it('a socket after the allowance is spent is closed at once with the limit message', async () => {
    const { url } = await startRelay({ limits: { aheadOfRealTimeSeconds: 1000 } });
    const ip = freshIp();
    const later = await ticketFor(ip);
    const first = connect(url, await ticketFor(ip), ip);
    await first.opened;
    await eventually(() => first.messages.length).toBeGreaterThan(0);
    for (let second = 0; second < 61; second++) first.ws.send(seconds(1));
    expect((await first.closed).code).toBe(RELAY_CLOSE.allowanceSpent);
    const second = connect(url, later, ip);
    expect((await second.closed).code).toBe(RELAY_CLOSE.allowanceSpent);
    expect(second.messages).toEqual([{ type: 'Allowance', seconds_left: 0 }]);
  });

  it('audio faster than real time, beyond what a reconnecting browser sends at once, is refused (1008)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    await eventually(() => client.messages.length).toBeGreaterThan(0);
    // 10 s at once, as a browser's buffer after a reconnect: accepted.
    for (let second = 0; second < 10; second++) client.ws.send(seconds(1));
    // Then a script's burst: refused, long before the allowance.
    for (let second = 0; second < 10; second++) client.ws.send(seconds(1));
    const closed = await client.closed;
    expect(closed).toEqual({
      code: CLOSE.policyViolation,
      reason: 'DATA: Audio arrives faster than real time.',
    });
    await eventually(() => usedToday(ip)).toBeLessThanOrEqual(SPEECH_RELAY_LIMITS.aheadOfRealTimeSeconds + 2);
  });

  it('a reused ticket is refused (1008)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const ticket = await ticketFor(ip);
    const first = connect(url, ticket, ip);
    await first.opened;
    await eventually(() => first.messages.length).toBeGreaterThan(0);
    const again = connect(url, ticket, ip);
    expect((await again.closed).code).toBe(CLOSE.policyViolation);
    first.ws.close();
  });

  it('a ticket from another viewer group is refused (1008)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), freshIp());
    expect((await client.closed).code).toBe(CLOSE.policyViolation);
  });

  it('a made-up ticket is refused (1008)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    expect((await connect(url, 'made-up', ip).closed).code).toBe(CLOSE.policyViolation);
  });

  it('a second socket from the same caller replaces the first, which is closed (4002)', async () => {
    const { url } = await startRelay({ limits: { chargeIntervalSeconds: 0.2 } });
    const ip = freshIp();
    const first = connect(url, await ticketFor(ip), ip);
    await first.opened;
    await eventually(() => first.messages.length).toBeGreaterThan(0);
    const second = connect(url, await ticketFor(ip), ip);
    await second.opened;
    expect((await first.closed).code).toBe(RELAY_CLOSE.replaced);
    second.ws.send(seconds(0.5));
    expect(second.ws.readyState).toBe(WebSocket.OPEN);
    second.ws.close();
  });

  it('an idle socket is closed (4003) even while it sends KeepAlive, which charges nothing', async () => {
    const { url } = await startRelay({ limits: { idleSeconds: 0.5 } });
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    const keepAlive = setInterval(() => client.ws.send(JSON.stringify({ type: 'KeepAlive' })), 100);
    const closed = await client.closed;
    clearInterval(keepAlive);
    expect(closed.code).toBe(RELAY_CLOSE.idle);
    await eventually(() => usedToday(ip)).toBe(0);
  });

  it('an oversized frame closes the socket (1009)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    client.ws.send(Buffer.alloc(SPEECH_RELAY_LIMITS.maxFrameBytes + 1));
    expect((await client.closed).code).toBe(CLOSE.tooBig);
  });

  it('a full relay refuses the next socket at once (1013)', async () => {
    const { url } = await startRelay({ maxSessions: 1 });
    const ip = freshIp();
    const first = connect(url, await ticketFor(ip), ip);
    await first.opened;
    const other = freshIp();
    const refused = connect(url, await ticketFor(other), other);
    expect((await refused.closed).code).toBe(RELAY_CLOSE.tryAgainLater);
    first.ws.close();
  });

  it('a draining relay sends new sockets elsewhere (1012) and ends open ones with the close it is given', async () => {
    const { url, relay } = await startRelay();
    const ip = freshIp();
    const open = connect(url, await ticketFor(ip), ip);
    await open.opened;
    relay.drain();
    const other = freshIp();
    expect((await connect(url, await ticketFor(other), other).closed).code).toBe(RELAY_CLOSE.serviceRestart);
    await relay.close(RELAY_CLOSE.serviceRestart, 'restart');
    expect((await open.closed).code).toBe(RELAY_CLOSE.serviceRestart);
  });

  it('the longest session ends (4004) after the recogniser finalized what it had', async () => {
    const { url } = await startRelay({ limits: { maxSessionSeconds: 0.5 } });
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    expect((await client.closed).code).toBe(RELAY_CLOSE.sessionTooLong);
  });

  it('writes the audio forwarded to the lease every chargeIntervalSeconds, and tells the client what is left', async () => {
    const { url } = await startRelay({ limits: { chargeIntervalSeconds: 0.2 } });
    const ip = freshIp();
    const client = connect(url, await ticketFor(ip), ip);
    await client.opened;
    for (let second = 0; second < 3; second++) client.ws.send(seconds(1));
    await eventually(() => usedToday(ip)).toBe(3);
    await eventually(() => client.messages.at(-1)).toEqual({ type: 'Allowance', seconds_left: 57 });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it("a reconnecting browser's 10 s of kept audio and its speech meanwhile wait for a slow provider handshake", async () => {
    // The handshake is held for as long as the test takes to see the lease, not for a time.
    const { url } = await startRelay({ limits: { chargeIntervalSeconds: 1 }, handshakeTimeoutMs: 60_000 });
    const ip = freshIp();
    const release = deepgram.holdHandshakes();
    let client: ReturnType<typeof connect>;
    try {
      client = connect(url, await ticketFor(ip), ip);
      await client.opened;
      await eventually(() => client.messages.length).toBeGreaterThan(0);
      // What the relay admits (within aheadOfRealTimeSeconds) while the provider has not answered yet; the lease
      // shows it forwarded all of it before the provider answers.
      for (let chunk = 0; chunk < 13; chunk++) client.ws.send(seconds(1));
      await eventually(() => usedToday(ip)).toBe(13);
    } finally {
      release();
    }
    await eventually(() => client.messages.some((message) => message.is_final === true)).toBe(true);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
    await eventually(() => usedToday(ip)).toBe(13);
  });

  for (const providerFault of [{ kind: 'status', status: 503 }, { kind: 'hang' }] as const) {
    it(`Deepgram refusing or hanging (${providerFault.kind}) closes the socket with 1011, charging no more than the audio sent`, async () => {
      let providerErrors = 0;
      const { url } = await startRelay({ onProviderError: () => (providerErrors += 1) });
      const ip = freshIp();
      deepgram.fault(providerFault);
      try {
        const client = connect(url, await ticketFor(ip), ip);
        await client.opened;
        await eventually(() => client.messages.length).toBeGreaterThan(0);
        client.ws.send(seconds(1));
        expect((await client.closed).code).toBe(CLOSE.internalError);
        expect(providerErrors).toBeGreaterThan(0);
      } finally {
        deepgram.fault(undefined);
      }
      await eventually(() => usedToday(ip)).toBeLessThanOrEqual(1);
    });
  }

  it('refuses an encoding it cannot meter (1008)', async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const opus = url.replace('encoding=linear16', 'encoding=opus');
    expect((await connect(opus, await ticketFor(ip), ip).closed).code).toBe(CLOSE.policyViolation);
  });

  it("Deepgram's own SDK (listen v1, the app's options) talks to the relay as it does to Deepgram", async () => {
    const { url } = await startRelay();
    const ip = freshIp();
    const ticket = await ticketFor(ip);
    const origin = new URL(url);
    const client = new DeepgramClient({ apiKey: ticket, baseUrl: `ws://${origin.host}` });
    const socket = await client.listen.v1.connect({
      model: SPEECH_SOCKET_QUERY.model,
      encoding: SPEECH_SOCKET_QUERY.encoding,
      sample_rate: Number(SPEECH_SOCKET_QUERY.sample_rate),
      language: SPEECH_SOCKET_QUERY.language,
      smart_format: 'true',
      interim_results: 'true',
      punctuate: 'true',
      endpointing: Number(SPEECH_SOCKET_QUERY.endpointing),
      utterance_end_ms: Number(SPEECH_SOCKET_QUERY.utterance_end_ms),
      Authorization: `Token ${ticket}`,
      headers: { [VIEWER_ADDRESS_HEADER]: `${ip}:40000` },
      reconnectAttempts: 0,
    } as Parameters<typeof client.listen.v1.connect>[0]);
    const heard: string[] = [];
    socket.on('message', (message: unknown) => {
      const results = message as {
        type?: string;
        is_final?: boolean;
        channel?: { alternatives?: { transcript?: string }[] };
      };
      if (results.type === 'Results' && results.is_final)
        heard.push(results.channel?.alternatives?.[0]?.transcript ?? '');
    });
    socket.connect();
    await socket.waitForOpen();
    socket.sendMedia(new Uint8Array(seconds(1)));
    await eventually(() => heard).toEqual(['hello']);
    socket.sendCloseStream({ type: 'CloseStream' });
    socket.close();
  });
});
