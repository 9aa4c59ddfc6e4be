import { describe, expect, it, vi } from 'vitest';
import { CLOSE } from '@wayfarer/shared/api/speech-protocol';
import type { SpeechEngine } from './speech-engine';
import { createEmbeddedRecognizer, delayedDelivery } from './recognizer';

// The embedded recogniser's protocol behind the relay (parameters, close codes, message flow) over a stand-in
// engine: loud frames are speech and every phrase reads "hello world". The real engine is covered by
// live-session.test.ts; the relay's own rules (tickets, metering, limits) by lambdas/relay/relay.int.test.ts.
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

const recognizer = createEmbeddedRecognizer({
  engine: standInEngine,
  settings: { idleTimeoutMs: 300 },
  messageDelayMs: 0,
});

interface Outcome {
  messages: { type: string; [key: string]: unknown }[];
  code: number;
  reason: string;
}

/** One stream: `feed` gets the upstream to send into; resolves when the recogniser closes it. */
function stream(
  query: string,
  feed?: (upstream: ReturnType<typeof recognizer.open>) => void,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const messages: Outcome['messages'] = [];
    const upstream = recognizer.open(new URLSearchParams(query), {
      message: (text) => messages.push(JSON.parse(text) as Outcome['messages'][number]),
      closed: (code, reason) => resolve({ messages, code, reason }),
    });
    feed?.(upstream);
  });
}

function tone(seconds: number, amplitude: number): Buffer {
  const samples = new Int16Array(Math.round(seconds * 16000));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 220 * i) / 16000));
  return Buffer.from(samples.buffer);
}

describe('the embedded recogniser (Deepgram live protocol)', () => {
  it('answers a linear16 stream with Deepgram messages and closes normally after CloseStream', async () => {
    const outcome = await stream(`${APP_QUERY}&vad_events=true`, (upstream) => {
      upstream.audio(tone(1, 0.3));
      upstream.audio(tone(1.5, 0));
      upstream.control(JSON.stringify({ type: 'KeepAlive' }));
      upstream.control(JSON.stringify({ type: 'CloseStream' }));
    });
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

  it('closes 1008 BAD_REQUEST for an encoding or sample rate it cannot take', async () => {
    for (const query of ['encoding=opus&sample_rate=16000', 'encoding=linear16&sample_rate=44100']) {
      const outcome = await stream(query);
      expect(outcome).toMatchObject({
        code: CLOSE.policyViolation,
        reason: expect.stringMatching(/^BAD_REQUEST: /),
      });
    }
  });

  it('closes 1008 DATA-0000 when the audio is not linear16', async () => {
    const outcome = await stream(APP_QUERY, (upstream) =>
      upstream.audio(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0', 'binary')),
    );
    expect(outcome).toMatchObject({
      code: CLOSE.policyViolation,
      reason: expect.stringMatching(/^DATA-0000/),
    });
  });

  it('closes 1011 NET-0001 when neither audio nor KeepAlive arrives in time', async () => {
    const outcome = await stream(APP_QUERY);
    expect(outcome).toMatchObject({ code: CLOSE.internalError, reason: expect.stringMatching(/^NET-0001/) });
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
