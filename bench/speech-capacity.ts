// How many real-time speakers one local cloud's speech relay serves with the embedded engine before the wait for a
// final grows: N speakers at once (env SPEECH_CAPACITY_N, default 1,8,16,32,48), each a distinct caller (its own
// viewer address through TRUSTED_PROXIES and X-Forwarded-For) with a ticket and one socket, streaming the speech
// fixtures in AUDIO_CHUNK_INTERVAL_MS chunks at real time with pauses between phrases for SPEECH_CAPACITY_SECONDS
// (default 40). For each phrase: the time from sending the chunk that holds its last audible sound to the arrival
// of its speech_final. Prints N, phrases, p50, p95, max and the load, and the largest N whose p95 is under 1 s:
// RELAY_MAX_SESSIONS_EMBEDDED (lambdas/relay/wiring.ts) is chosen from these figures. It prints; it asserts nothing.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import {
  AUDIO_CHUNK_INTERVAL_MS,
  SPEECH_SAMPLE_RATE_HZ,
  SPEECH_SOCKET_QUERY,
} from '@wayfarer/shared/constants';
import { parseWav } from '@wayfarer/engines/speech/wav';
import { serveForBench } from './ear-voice-span';
import { percentile, sampleLoad } from './lib/stats';
import { audibleEnd } from './lib/audible-end';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = [
  'engines/speech/fixtures/train-station-old-town.wav',
  'engines/speech/fixtures/doctor-eiffel-tower.wav',
  'frontend/e2e/fixtures/speech-doctor-slt.wav',
  'frontend/e2e/fixtures/speech-help-empire-state.wav',
  'frontend/e2e/fixtures/speech-taxi-rms.wav',
];
const COUNTS = (process.env.SPEECH_CAPACITY_N ?? '1,8,16,32,48')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const SECONDS = Number(process.env.SPEECH_CAPACITY_SECONDS ?? 40);
const GOAL_P95_MS = 1000;
const RATE = SPEECH_SAMPLE_RATE_HZ;
const CHUNK_SAMPLES = (RATE * AUDIO_CHUNK_INTERVAL_MS) / 1000;
/** Silence between phrases: past the 300 ms endpoint and the 1200 ms utterance end, as a traveller pauses. */
const PAUSES_SECONDS = [1.6, 2.0, 2.4, 1.8, 2.2];
const STAGGER_MS = 230;

interface Phrase {
  /** Seconds into the stream where the phrase's audio starts and where its last audible sound ends. */
  readonly start: number;
  readonly speechEnd: number;
}

interface Script {
  readonly pcm: Int16Array;
  readonly phrases: Phrase[];
}

interface SpeakerOutcome {
  readonly latencies: number[];
  readonly missing: number;
  readonly refused: string | null;
}

export async function main(): Promise<void> {
  const cores = availableParallelism();
  const clips = await Promise.all(FIXTURES.map(loadClip));
  console.log(
    `speech capacity: N = ${COUNTS.join(', ')} speakers, ${SECONDS} s each, ${clips.length} fixtures, ${cores} cores`,
  );
  const cloud = await serveForBench({
    STT_ENGINE: 'embedded',
    // The bench measures past the limit it sizes; every speaker's allowance outlasts the run.
    RELAY_MAX_SESSIONS: '64',
    ANON_DAILY_SECONDS: '86400',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  const rows: { n: number; latencies: number[]; missing: number; refused: number; load: number[] }[] = [];
  try {
    // One phrase first, so the model's load and the workers' start are not in the first N's figures.
    await speaker(cloud.url, '10.99.0.1', script(clips, 0, 6), 0);
    for (const [round, n] of COUNTS.entries()) {
      const sampler = sampleLoad();
      const outcomes = await Promise.all(
        Array.from({ length: n }, (_, index) =>
          speaker(
            cloud.url,
            `10.${100 + round}.0.${index + 1}`,
            script(clips, index, SECONDS),
            index * STAGGER_MS,
          ),
        ),
      );
      const load = sampler.stop();
      const row = {
        n,
        latencies: outcomes.flatMap((o) => o.latencies),
        missing: outcomes.reduce((sum, o) => sum + o.missing, 0),
        refused: outcomes.filter((o) => o.refused !== null).length,
        load,
      };
      rows.push(row);
      for (const o of outcomes)
        if (o.refused !== null) console.log(`  N=${n}: a speaker was refused: ${o.refused}`);
      console.log(`  N=${n} done: ${line(row)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await cloud.stop();
  }

  console.log('\nend of speech -> final (ms, nearest-rank), per N speakers at once:');
  console.log('| N   | phrases | p50 | p95 | max | no final | load average |');
  console.log('| --- | ------- | --- | --- | --- | -------- | ------------ |');
  for (const row of rows) {
    const [p50, p95, max] = figures(row.latencies);
    const load =
      row.load.length > 0 ? `${Math.min(...row.load).toFixed(1)}-${Math.max(...row.load).toFixed(1)}` : '?';
    console.log(
      `| ${row.n} | ${row.latencies.length} | ${p50} | ${p95} | ${max} | ${row.missing + row.refused} | ${load} |`,
    );
  }
  const admitted = rows.filter(
    (row) => figures(row.latencies)[1] < GOAL_P95_MS && row.missing + row.refused === 0,
  );
  const largest = admitted.length > 0 ? Math.max(...admitted.map((row) => row.n)) : 0;
  console.log(
    `\nadmitted: ${largest} speakers (the largest N whose p95 is under ${GOAL_P95_MS} ms, every phrase finalised)` +
      ` on ${cores} cores (RELAY_MAX_SESSIONS_EMBEDDED is chosen below it: bench/README.md)`,
  );
}

function figures(latencies: number[]): [number, number, number] {
  if (latencies.length === 0) return [Number.NaN, Number.NaN, Number.NaN];
  return [
    percentile(latencies, 0.5, 'nearest-rank'),
    percentile(latencies, 0.95, 'nearest-rank'),
    Math.max(...latencies),
  ];
}

function line(row: { latencies: number[]; missing: number; refused: number; load: number[] }): string {
  const [p50, p95, max] = figures(row.latencies);
  return `${row.latencies.length} phrases, p50 ${p50} ms, p95 ${p95} ms, max ${max} ms, ${row.missing} without a final, load ${Math.max(0, ...row.load).toFixed(1)} peak`;
}

async function loadClip(file: string): Promise<{ samples: Int16Array; speechEnd: number }> {
  const wav = parseWav(await readFile(path.join(root, file)));
  if (wav.sampleRate !== RATE || wav.channels !== 1) throw new Error(`${file}: not 16 kHz mono`);
  return { samples: wav.samples, speechEnd: audibleEnd(wav.samples) };
}

/** The speaker's stream: fixtures one after another (starting at a different one per speaker), with pauses. */
function script(
  clips: { samples: Int16Array; speechEnd: number }[],
  offset: number,
  seconds: number,
): Script {
  const parts: Int16Array[] = [new Int16Array(Math.round(0.5 * RATE))];
  const phrases: Phrase[] = [];
  let at = 0.5;
  for (let index = 0; at < seconds || phrases.length === 0; index++) {
    const clip = clips[(offset + index) % clips.length]!;
    phrases.push({ start: at, speechEnd: at + clip.speechEnd });
    const pause = new Int16Array(
      Math.round(PAUSES_SECONDS[(offset + index) % PAUSES_SECONDS.length]! * RATE),
    );
    parts.push(clip.samples, pause);
    at += (clip.samples.length + pause.length) / RATE;
  }
  const pcm = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let cursor = 0;
  for (const part of parts) {
    pcm.set(part, cursor);
    cursor += part.length;
  }
  return { pcm, phrases };
}

/** One traveller: a ticket from its own viewer address, one socket, the script at real time, then CloseStream. */
async function speaker(cloudUrl: string, viewer: string, { pcm, phrases }: Script, delayMs: number) {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const headers = { 'x-forwarded-for': viewer };
  const response = await fetch(`${cloudUrl}/api/speech/ticket`, { method: 'POST', headers });
  if (!response.ok) {
    return {
      latencies: [],
      missing: phrases.length,
      refused: `ticket ${response.status} ${await response.text()}`,
    };
  }
  const { ticket } = (await response.json()) as { ticket: string };
  const url = `${cloudUrl.replace(/^http/, 'ws')}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY)}`;
  return new Promise<SpeakerOutcome>((resolve) => {
    const socket = new WebSocket(url, ['token', ticket], { headers });
    // Wall-clock time the chunk holding each phrase's end of speech was sent, and its final's arrival.
    const endSent: (number | null)[] = phrases.map(() => null);
    const finalAt: (number | null)[] = phrases.map(() => null);
    const endChunk = phrases.map((phrase) => Math.floor((phrase.speechEnd * RATE) / CHUNK_SAMPLES));
    let refused: string | null = null;
    let started = 0;
    socket.on('open', () => {
      started = performance.now();
      const bytes = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
      const chunks = Math.ceil(pcm.length / CHUNK_SAMPLES);
      const send = (index: number) => {
        if (socket.readyState !== WebSocket.OPEN) return;
        if (index >= chunks) {
          socket.send(JSON.stringify({ type: 'CloseStream' }));
          return;
        }
        socket.send(bytes.subarray(index * CHUNK_SAMPLES * 2, (index + 1) * CHUNK_SAMPLES * 2));
        const now = performance.now();
        endChunk.forEach((chunk, phrase) => {
          if (chunk === index) endSent[phrase] = now;
        });
        setTimeout(() => send(index + 1), started + (index + 2) * AUDIO_CHUNK_INTERVAL_MS - now);
      };
      setTimeout(() => send(0), AUDIO_CHUNK_INTERVAL_MS);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        speech_final?: boolean;
        start?: number;
        duration?: number;
      };
      if (message.type !== 'Results' || !message.speech_final) return;
      // The final's audio ends inside its phrase or the pause after it: that names the phrase, however late.
      const end = (message.start ?? 0) + (message.duration ?? 0);
      let phrase = -1;
      for (let index = 0; index < phrases.length; index++) if (phrases[index]!.start <= end) phrase = index;
      if (phrase >= 0 && endSent[phrase] !== null && finalAt[phrase] === null)
        finalAt[phrase] = performance.now();
    });
    socket.on('close', (code, reason) => {
      if (code !== 1000) refused = `closed ${code} ${reason.toString()}`;
      const latencies: number[] = [];
      let missing = 0;
      phrases.forEach((_, index) => {
        const sent = endSent[index];
        const final = finalAt[index];
        if (sent === null || sent === undefined || final === null || final === undefined) missing++;
        else latencies.push(Math.round(final - sent));
      });
      resolve({ latencies, missing, refused });
    });
    socket.on('error', (error) => {
      refused = `error ${error.message}`;
    });
  });
}
