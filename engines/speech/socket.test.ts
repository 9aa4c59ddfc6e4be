import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '@wayfarer/lambdas/testing/test-server';
import { CLOSE } from '@wayfarer/shared/api/speech-protocol';
import type { SpeechEngine } from './speech-engine';
import { createSpeechSocket, delayedDelivery, type SpeechSocket } from './socket';

// The socket's own behaviour (key, parameters, close codes, protocol flow) over a stand-in engine: loud frames are
// speech and every phrase reads "hello world". The real engine is covered by live-session.test.ts.
const standInEngine: SpeechEngine = {
  ready: async () => undefined,
  openStream: () => ({
    id: 1,
    vad: {
      probability: async (frame) =>
        Math.sqrt(frame.reduce((sum, x) => sum + x * x, 0) / frame.length) > 0.05 ? 0.9 : 0,
    },
  }),
  transcribe: async () => ({ text: 'Hello world.', confidence: 0.9 }),
  close: async () => undefined,
};

const APP_QUERY =
  'encoding=linear16&sample_rate=16000&model=nova-3&language=multi&smart_format=true&interim_results=true' +
  '&punctuate=true&endpointing=300&utterance_end_ms=1200';
const GOOD_KEY = 'good-key';

let server: TestServer;
let speech: SpeechSocket;
let base: string;
const keysSeen: string[] = [];
const sessionsEnded: { key: string; seconds: number }[] = [];

beforeAll(async () => {
  speech = createSpeechSocket({
    verifyKey: async (key) => {
      keysSeen.push(key);
      return key === GOOD_KEY || key.startsWith(`${GOOD_KEY}-`);
    },
    onSessionEnd: (key, seconds) => sessionsEnded.push({ key, seconds }),
    engine: standInEngine,
    settings: { idleTimeoutMs: 300 },
  });
  server = await startTestServer({
    onUpgrade: (request, socket, head) => {
      if (!speech.handleUpgrade(request, socket, head)) socket.destroy();
    },
  });
  base = `ws://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await speech.close();
  await server.close();
});

interface Outcome {
  protocol: string;
  messages: { type: string; [key: string]: unknown }[];
  code: number;
  reason: string;
}

function connect(path: string, protocols: string[], onOpen?: (socket: WebSocket) => void): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}${path}`, protocols);
    const messages: Outcome['messages'] = [];
    socket.on('open', () => onOpen?.(socket));
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Outcome['messages'][number]));
    socket.on('close', (code, reason) =>
      resolve({ protocol: socket.protocol, messages, code, reason: String(reason) }),
    );
    socket.on('error', reject);
  });
}

function tone(seconds: number, amplitude: number): Buffer {
  const samples = new Int16Array(Math.round(seconds * 16000));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 220 * i) / 16000));
  return Buffer.from(samples.buffer);
}

describe('local speech socket (/v1/listen)', () => {
  it('answers a keyed linear16 stream with Deepgram messages and closes normally after CloseStream', async () => {
    const outcome = await connect(
      `/v1/listen?${APP_QUERY}&vad_events=true`,
      ['token', GOOD_KEY],
      (socket) => {
        socket.send(tone(1, 0.3));
        socket.send(tone(1.5, 0));
        socket.send(JSON.stringify({ type: 'KeepAlive' }));
        socket.send(JSON.stringify({ type: 'CloseStream' }));
      },
    );
    expect(outcome.protocol).toBe('token');
    expect(keysSeen).toContain(GOOD_KEY);
    expect(outcome.code).toBe(CLOSE.normal);
    const final = outcome.messages.find((m) => m.type === 'Results' && m.is_final === true);
    expect(final).toMatchObject({
      speech_final: true,
      channel: { alternatives: [{ transcript: 'Hello world.' }] },
    });
    expect(outcome.messages[0]).toMatchObject({ type: 'SpeechStarted', channel: [0] });
    expect(outcome.messages.map((m) => m.type)).toContain('UtteranceEnd');
    expect(outcome.messages.at(-1)?.type).toBe('Metadata');
  });

  it('closes 1008 INVALID_AUTH for a wrong key or none', async () => {
    for (const protocols of [['token', 'wrong-key'], []]) {
      const outcome = await connect(`/v1/listen?${APP_QUERY}`, protocols);
      expect(outcome).toMatchObject({
        code: CLOSE.policyViolation,
        reason: expect.stringMatching(/^INVALID_AUTH/),
      });
    }
  });

  it('closes 1008 BAD_REQUEST for an encoding or sample rate it cannot take', async () => {
    for (const query of ['encoding=opus&sample_rate=16000', 'encoding=linear16&sample_rate=44100']) {
      const outcome = await connect(`/v1/listen?${query}`, ['token', GOOD_KEY]);
      expect(outcome).toMatchObject({
        code: CLOSE.policyViolation,
        reason: expect.stringMatching(/^BAD_REQUEST: /),
      });
    }
  });

  it('closes 1008 DATA-0000 when the audio is not linear16', async () => {
    const outcome = await connect(`/v1/listen?${APP_QUERY}`, ['token', GOOD_KEY], (socket) =>
      socket.send(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0', 'binary')),
    );
    expect(outcome).toMatchObject({
      code: CLOSE.policyViolation,
      reason: expect.stringMatching(/^DATA-0000/),
    });
  });

  it('closes 1011 NET-0001 when neither audio nor KeepAlive arrives in time', async () => {
    const outcome = await connect(`/v1/listen?${APP_QUERY}`, ['token', GOOD_KEY]);
    expect(outcome).toMatchObject({ code: CLOSE.internalError, reason: expect.stringMatching(/^NET-0001/) });
  });

  it('tells its owner once how long each session on an accepted key ran, and nothing for a refused key', async () => {
    const key = `${GOOD_KEY}-timed`;
    const startedAt = Date.now();
    await connect(`/v1/listen?${APP_QUERY}`, ['token', 'wrong-key']);
    await connect(`/v1/listen?${APP_QUERY}`, ['token', key], (socket) =>
      socket.send(JSON.stringify({ type: 'CloseStream' })),
    );
    await vi.waitFor(() => expect(sessionsEnded.filter((ended) => ended.key === key)).toHaveLength(1));
    const wall = (Date.now() - startedAt) / 1000;
    const ended = sessionsEnded.find((candidate) => candidate.key === key)!;
    expect(ended.seconds).toBeGreaterThanOrEqual(0);
    expect(ended.seconds).toBeLessThanOrEqual(wall);
    expect(sessionsEnded.some((candidate) => candidate.key === 'wrong-key')).toBe(false);
  });

  it('leaves other upgrade paths to the gateway', async () => {
    await expect(connect('/v1/speak', ['token', GOOD_KEY])).rejects.toThrow();
  });
});

describe('the modelled provider delay (PROVIDER_LATENCY=realistic)', () => {
  it('a message leaves the delay after the audio it answers, its decode counted inside the delay, in the order sent', async () => {
    vi.useFakeTimers();
    try {
      const later = delayedDelivery(150);
      const sent: string[] = [];
      const heard = Date.now();
      // Its decode took 100 ms: it waits the remaining 50, not another 150.
      vi.advanceTimersByTime(100);
      later(heard, () => sent.push('final'));
      // Heard earlier, handed in later: it still goes after the final.
      later(heard - 1000, () => sent.push('utterance end'));
      await vi.advanceTimersByTimeAsync(49);
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toEqual(['final', 'utterance end']);
      // A message whose decode outlasted the delay leaves at once.
      later(Date.now() - 400, () => sent.push('late'));
      await vi.advanceTimersByTimeAsync(0);
      expect(sent.at(-1)).toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a delay a message leaves at once', () => {
    const sent: string[] = [];
    delayedDelivery(0)(Date.now(), () => sent.push('now'));
    expect(sent).toEqual(['now']);
  });
});
