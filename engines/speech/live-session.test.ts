import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLOSE,
  EAGER_END_OF_TURN_SILENCE_SECONDS,
  type ResultsMessage,
  type ServerMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { parseListenQuery, type ListenOptions } from './listen-query';
import { DeepgramLiveSession } from './live-session';
import { createSpeechEngine, type SpeechEngine } from './speech-engine';
import { parseWav } from './wav';

// The real engine (Moonshine + Silero) on committed flite/festival clips: fixtures/README.md says how they were made.
const fixture = (name: string) => {
  const pcm = parseWav(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
  return new Uint8Array(pcm.samples.buffer);
};
const doctor = fixture('doctor-eiffel-tower.wav');
const station = fixture('train-station-old-town.wav');
const silence = (seconds: number) => new Uint8Array(Math.round(seconds * 16000) * 2);

const query = parseListenQuery(
  new URLSearchParams(
    'encoding=linear16&sample_rate=16000&model=nova-3&language=multi&smart_format=true&interim_results=true' +
      '&punctuate=true&endpointing=300&utterance_end_ms=1200',
  ),
);
if (!query.ok) throw new Error(query.reason);
const options: ListenOptions = query.options;

let engine: SpeechEngine;
beforeAll(async () => {
  engine = createSpeechEngine({ workers: 1 });
  await engine.ready();
}, 60_000);
afterAll(() => engine.close());

interface Run {
  messages: ServerMessage[];
  session: DeepgramLiveSession;
  closed: Promise<{ code: number; reason: string }>;
}

function open(settings: { idleTimeoutMs?: number } = {}): Run {
  const messages: ServerMessage[] = [];
  let session!: DeepgramLiveSession;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    session = new DeepgramLiveSession(
      engine,
      options,
      {
        send: (message) => messages.push(message),
        close: (code, reason) => resolve({ code, reason }),
      },
      settings,
    );
  });
  return { messages, session, closed };
}

/** Sends 250 ms chunks (the browser's size) with a pause after each. */
async function stream(session: DeepgramLiveSession, audio: Uint8Array, chunkPauseMs: number): Promise<void> {
  const chunk = 8000;
  for (let offset = 0; offset < audio.length; offset += chunk) {
    session.audio(audio.subarray(offset, offset + chunk));
    await new Promise((resolve) => setTimeout(resolve, chunkPauseMs));
  }
}

const results = (messages: ServerMessage[]) =>
  messages.filter((m): m is ResultsMessage => m.type === 'Results');
const transcriptOf = (message: ResultsMessage | undefined) =>
  message?.channel.alternatives[0]?.transcript ?? '';

describe('DeepgramLiveSession on the embedded engine', () => {
  it('turns a spoken sentence into interims, a speech_final result, UtteranceEnd, then Metadata on CloseStream', async () => {
    const { messages, session, closed } = open();
    // A final cuts a running interim short, so the first 1.5 s go in alone and the rest only once an interim
    // is out: on a busy machine the whole clip could otherwise end before any interim finishes.
    const audio = concat(station, silence(1.6));
    const firstPart = 6 * 8000;
    await stream(session, audio.subarray(0, firstPart), 20);
    await vi.waitFor(() => expect(results(messages).some((m) => !m.is_final)).toBe(true), {
      timeout: 20_000,
    });
    await stream(session, audio.subarray(firstPart), 5);
    session.control(JSON.stringify({ type: 'CloseStream' }));
    expect(await closed).toEqual({ code: CLOSE.normal, reason: '' });

    const all = results(messages);
    const finalIndex = all.findIndex((m) => m.is_final);
    expect(finalIndex).toBeGreaterThan(0);
    expect(all.slice(0, finalIndex).every((m) => !m.is_final)).toBe(true);
    const final = all[finalIndex]!;
    expect(final.speech_final).toBe(true);
    expect(transcriptOf(final).toLowerCase()).toMatch(/nearest train station/);
    expect(transcriptOf(final).toLowerCase()).toMatch(/old town/);
    expect(final.channel.alternatives[0]!.words.length).toBeGreaterThan(3);

    const types = messages.map((m) => m.type);
    expect(types.indexOf('UtteranceEnd')).toBeGreaterThan(messages.indexOf(final));
    expect(types.at(-1)).toBe('Metadata');
    expect(messages.at(-1)).toMatchObject({ type: 'Metadata', channels: 1 });
  }, 30_000);

  it('is not idle while audio it received is still being decoded: CloseStream queued behind it ends 1000', async () => {
    // The whole clip at once, then CloseStream: decoding it takes far longer than this idle timeout.
    const { messages, session, closed } = open({ idleTimeoutMs: 20 });
    session.audio(doctor);
    session.control(JSON.stringify({ type: 'CloseStream' }));
    expect((await closed).code).toBe(CLOSE.normal);
    const finals = messages.filter(
      (message): message is ResultsMessage => message.type === 'Results' && message.is_final,
    );
    expect(finals.map((message) => message.channel.alternatives[0]?.transcript).join(' ')).toMatch(/doctor/i);
  });

  it('Finalize forces a final for speech that has not paused yet', async () => {
    const { messages, session, closed } = open();
    // The clip without its trailing pad: the pause is never long enough to close the phrase by itself.
    await stream(session, doctor.subarray(0, doctor.length - 16000), 5);
    session.control(JSON.stringify({ type: 'Finalize' }));
    session.control(JSON.stringify({ type: 'KeepAlive' }));
    session.control(JSON.stringify({ type: 'CloseStream' }));
    await closed;
    const finals = results(messages).filter((m) => m.is_final);
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ from_finalize: true, speech_final: false });
    expect(transcriptOf(finals[0]).toLowerCase()).toMatch(/i need a doctor/);
  }, 30_000);

  it('a pause shorter than the endpointing brings an eager end of turn, and its final says the same words', async () => {
    const { messages, session, closed } = open();
    // The clip up to its last word, then 200 ms of silence: past the speculation's 96 ms, short of the 300 ms
    // endpointing, so the phrase is still open when the speculative decode is ready, however slow the machine.
    await stream(session, concat(doctor.subarray(0, doctor.length - 16000), silence(0.2)), 5);
    const isEager = (m: ResultsMessage) => {
      const lastWord = m.channel.alternatives[0]?.words.at(-1);
      return (
        !m.is_final &&
        lastWord !== undefined &&
        m.start + m.duration - lastWord.end >= EAGER_END_OF_TURN_SILENCE_SECONDS
      );
    };
    await vi.waitFor(() => expect(results(messages).some(isEager)).toBe(true), { timeout: 20_000 });
    expect(results(messages).some((m) => m.is_final)).toBe(false);
    await stream(session, silence(0.6), 5);
    session.control(JSON.stringify({ type: 'CloseStream' }));
    await closed;
    const eager = results(messages).find(isEager);
    const final = results(messages).find((m) => m.is_final);
    expect(final).toMatchObject({ speech_final: true });
    expect(transcriptOf(final)).toBe(transcriptOf(eager));
    expect(transcriptOf(final).toLowerCase()).toMatch(/doctor/);
  }, 30_000);

  it('serves two sessions at once and both finish', async () => {
    const runs = [open(), open()];
    await Promise.all(
      runs.map(async (run, index) => {
        await stream(run.session, concat(index === 0 ? doctor : station, silence(0.6)), 5);
        run.session.control(JSON.stringify({ type: 'CloseStream' }));
        await run.closed;
      }),
    );
    expect(transcriptOf(results(runs[0]!.messages).find((m) => m.is_final))).toMatch(/doctor/i);
    expect(transcriptOf(results(runs[1]!.messages).find((m) => m.is_final))).toMatch(/station/i);
  }, 30_000);

  it('closes with DATA-0000 when the audio is a compressed container', async () => {
    const { session, closed } = open();
    session.audio(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]));
    expect(await closed).toMatchObject({
      code: CLOSE.policyViolation,
      reason: expect.stringMatching(/^DATA-0000/),
    });
  });
});

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
