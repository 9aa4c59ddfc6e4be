// The local speech socket, measured end to end over a real WebSocket: word error rate on synthesized travel
// sentences in several Debian voices (flite and festival, made at run time), real-time factor, and the latency
// from the end of speech to the final result while audio streams in real time in AUDIO_CHUNK_INTERVAL_MS chunks (as the browser
// sends it). Needs `flite`, `text2wave` (festival + festvox-us-slt-hts) and `sox` on the PATH.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import {
  AUDIO_CHUNK_INTERVAL_MS,
  SPEECH_ENDPOINTING_MS,
  SPEECH_SAMPLE_RATE_HZ,
} from '@wayfarer/shared/constants';
import { sharedSpeechEngine } from '@wayfarer/engines/speech/speech-engine';
import { parseWav } from '@wayfarer/engines/speech/wav';
import { startBenchSpeechSocket } from './lib/speech-socket';
import { percentile, sampleLoad } from './lib/stats';
import { isEagerEndOfTurn } from '@wayfarer/shared/api/speech-protocol';
import { audibleEnd } from './lib/audible-end';

const run = promisify(execFile);

const SENTENCES = [
  'Where is the nearest train station to the old town',
  'I need a doctor near the Eiffel Tower',
  'How much does a room cost for two nights',
  'Please call an ambulance my friend is hurt',
  'Is there a pharmacy open near the hotel',
  'Can I pay by card or only in cash',
  'What time does the last bus leave for the airport',
  'I would like a table for four people tonight',
  'Could you recommend a good restaurant nearby',
  'My passport was stolen at the market this morning',
  'How do I get to the museum from here',
  'Is breakfast included in the price of the room',
  'I lost my luggage at the airport yesterday',
  'Can you help me find a taxi to the beach',
  'The coffee here is cheaper than in the city',
  'Where can I buy a ticket for the night bus',
  'Do you have a map of the city center',
  'I am allergic to peanuts and shellfish',
  'Please speak more slowly I do not understand',
  'How far is the castle from the harbor',
  'We would like to check out tomorrow morning',
  'Is this seat free or is it taken',
  'Where is the police station in this neighborhood',
  'Can I change my flight to an earlier time',
  'How much is a return ticket to the mountains',
  'The water in my room is not working',
  'Which platform does the train to Rome leave from',
  'Could you write down the address for me please',
  'Is it safe to walk here at night',
  'I need a charger for my phone',
];

type Voice = { engine: 'flite'; name: string } | { engine: 'festival'; name: string };
const VOICES: Voice[] = [
  { engine: 'flite', name: 'slt' },
  { engine: 'flite', name: 'rms' },
  { engine: 'flite', name: 'awb' },
  { engine: 'flite', name: 'kal16' },
  { engine: 'festival', name: 'cmu_us_slt_arctic_hts' },
];

const RATE = SPEECH_SAMPLE_RATE_HZ;
const LEAD_SECONDS = 0.5;
/** Long enough for the 300 ms endpoint and the 1200 ms utterance end to happen inside the stream. */
const TAIL_SECONDS = 1.6;
const CHUNK_SAMPLES = (RATE * AUDIO_CHUNK_INTERVAL_MS) / 1000;

interface Clip {
  text: string;
  voice: string;
  pcm: Int16Array;
  /** Seconds from the start of `pcm` to the end of the last audible sound. */
  speechEnd: number;
}

interface Outcome {
  clip: Clip;
  transcript: string;
  latencyMs: number | null;
  interims: number;
  /** Interims the client takes as an eager end of turn (and starts a translation on). */
  eagerEnds: number;
  /** Of those, the ones whose phrase's final did not say the same words: a translate call asked for nothing. */
  eagerUnconfirmed: number;
}

export async function main(): Promise<void> {
  const missing = await missingTools(['flite', 'text2wave', 'sox']);
  if (missing.length > 0) {
    console.log(
      `skipped: needs ${missing.join(', ')} (apt-get install -y flite festival festvox-us-slt-hts sox)`,
    );
    return;
  }
  const cores = availableParallelism();
  console.log(
    `speech socket benchmark: ${SENTENCES.length} sentences, ${VOICES.length} voices, ${cores} cores`,
  );
  const clips = await synthesize();
  console.log(`synthesized ${clips.length} clips, ${seconds(clips).toFixed(1)} s of audio`);

  const engine = sharedSpeechEngine();
  const loadStart = performance.now();
  await engine.ready();
  console.log(`model load (once per process): ${Math.round(performance.now() - loadStart)} ms`);

  const socket = await startBenchSpeechSocket(engine);
  const appUrl = socket.url;

  try {
    const sampler = sampleLoad();

    // Real-time factor: each clip sent as fast as the socket takes it, one at a time, no interim results.
    const rtfUrl = appUrl.replace('interim_results=true', 'interim_results=false');
    let busy = 0;
    for (const clip of clips) {
      const started = performance.now();
      await stream(rtfUrl, clip, 0);
      busy += performance.now() - started;
    }
    const rtf = busy / 1000 / seconds(clips);

    // One socket at a time in real time: the figures a single traveller sees.
    const single = await realtime(appUrl, clips, 1);
    // Four at once in real time: sockets sharing two cores.
    const shared = await realtime(appUrl, clips, 4);
    const load = sampler.stop();

    console.log(`real-time factor (whole socket path, 1 stream): ${rtf.toFixed(3)}  (goal <= 0.15)`);
    report('1 socket in real time', single);
    report('4 sockets at once in real time', shared);
    const uptime = await run('uptime').then(
      (result) => result.stdout.trim(),
      () => '',
    );
    console.log(
      `machine load during the run: 1-min load average ${Math.min(...load).toFixed(2)}..${Math.max(...load).toFixed(2)}` +
        ` on ${cores} cores; uptime now: ${uptime}`,
    );
  } finally {
    await socket.close();
    await engine.close();
  }
}

function report(title: string, outcomes: Outcome[]): void {
  const total = wordErrors(outcomes);
  const latencies = outcomes.map((o) => o.latencyMs).filter((ms): ms is number => ms !== null);
  console.log(`\n${title}:`);
  console.log(
    `  WER ${(total.rate * 100).toFixed(1)}% (${total.errors}/${total.words} words)  (goal <= 10%)`,
  );
  for (const voice of VOICES) {
    const label = `${voice.engine}:${voice.name}`;
    const own = wordErrors(outcomes.filter((o) => o.clip.voice === label));
    console.log(`    ${label.padEnd(32)} ${(own.rate * 100).toFixed(1)}%`);
  }
  console.log(
    `  end of speech -> final: p50 ${percentile(latencies, 0.5, 'nearest-rank')} ms, p95 ${percentile(latencies, 0.95, 'nearest-rank')} ms,` +
      ` max ${Math.max(...latencies)} ms over ${latencies.length} phrases (goal p50 <= 450 ms)` +
      `; ${outcomes.length - latencies.length} without a speech_final`,
  );
  // The part no server can avoid: 300 ms of silence must be heard, and it arrives in AUDIO_CHUNK_INTERVAL_MS chunks.
  const floors = outcomes.map((o) => floorMs(o.clip));
  const beyond = outcomes.flatMap((o) => (o.latencyMs === null ? [] : [o.latencyMs - floorMs(o.clip)]));
  console.log(
    `    of which waiting for the endpointing silence to arrive: p50 ${percentile(floors, 0.5, 'nearest-rank')} ms;` +
      ` after it arrived: p50 ${percentile(beyond, 0.5, 'nearest-rank')} ms, p95 ${percentile(beyond, 0.95, 'nearest-rank')} ms`,
  );
  const interims = outcomes.reduce((sum, o) => sum + o.interims, 0);
  console.log(`  interim results: ${(interims / outcomes.length).toFixed(1)} per phrase`);
  const eagerEnds = outcomes.reduce((sum, o) => sum + o.eagerEnds, 0);
  const unconfirmed = outcomes.reduce((sum, o) => sum + o.eagerUnconfirmed, 0);
  console.log(
    `  eager ends of turn: ${eagerEnds} over ${outcomes.length} phrases, ${unconfirmed} not confirmed by their final` +
      ' (each a translate call the client asked for and dropped)',
  );
  const wrong = outcomes.filter((o) => wer(o.clip.text, o.transcript).errors > 0);
  for (const o of wrong.slice(0, 8)) console.log(`    said "${o.clip.text}" -> heard "${o.transcript}"`);
}

async function realtime(url: string, clips: Clip[], concurrency: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < clips.length) {
        const clip = clips[next++]!;
        outcomes.push(await stream(url, clip, AUDIO_CHUNK_INTERVAL_MS));
      }
    }),
  );
  return outcomes;
}

/**
 * Streams one clip: chunk k carries audio [k, k+1) x AUDIO_CHUNK_INTERVAL_MS and is sent when that audio would have been
 * recorded, so "end of speech" on the wall clock is start + the clip's speech end.
 */
function stream(url: string, clip: Clip, chunkMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['token', 'bench']);
    const finals: string[] = [];
    let interims = 0;
    let eagerEnds = 0;
    let eagerUnconfirmed = 0;
    // The client's rule (docs/SPEC.md, "Eager end of turn"): an eager end of turn's translation is taken over by
    // a final with the same words, and dropped by any other final or by a later interim without the pause.
    let pendingEager: string | null = null;
    let speechFinalAt: number | null = null;
    let started = 0;
    socket.on('open', () => {
      started = performance.now();
      const bytes = Buffer.from(clip.pcm.buffer, clip.pcm.byteOffset, clip.pcm.byteLength);
      const chunks = Math.ceil(clip.pcm.length / CHUNK_SAMPLES);
      const sendChunk = (index: number) => {
        if (socket.readyState !== WebSocket.OPEN) return;
        if (index >= chunks) {
          socket.send(JSON.stringify({ type: 'CloseStream' }));
          return;
        }
        socket.send(bytes.subarray(index * CHUNK_SAMPLES * 2, (index + 1) * CHUNK_SAMPLES * 2));
        if (chunkMs === 0) sendChunk(index + 1);
        else setTimeout(() => sendChunk(index + 1), started + (index + 2) * chunkMs - performance.now());
      };
      if (chunkMs === 0) sendChunk(0);
      else setTimeout(() => sendChunk(0), chunkMs);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        is_final?: boolean;
        speech_final?: boolean;
        start?: number;
        duration?: number;
        channel?: { alternatives: { transcript: string; words?: unknown }[] };
      };
      if (message.type !== 'Results') return;
      const text = message.channel?.alternatives[0]?.transcript ?? '';
      const eager = text !== '' && isEagerEndOfTurn(message, message.channel?.alternatives[0]?.words);
      if (pendingEager !== null && (message.is_final ? text !== pendingEager : !eager)) eagerUnconfirmed++;
      if (pendingEager !== null && (message.is_final || !eager)) pendingEager = null;
      if (eager) {
        if (pendingEager !== null && pendingEager !== text) eagerUnconfirmed++;
        eagerEnds++;
        pendingEager = text;
      }
      if (!message.is_final) interims++;
      else if (text) finals.push(text);
      if (message.speech_final && speechFinalAt === null) speechFinalAt = performance.now();
    });
    socket.on('close', (code, reason) => {
      if (code !== 1000) reject(new Error(`socket closed ${code} ${String(reason)}`));
      const speechEndAt = started + clip.speechEnd * 1000;
      resolve({
        clip,
        transcript: finals.join(' '),
        latencyMs: chunkMs > 0 && speechFinalAt !== null ? Math.round(speechFinalAt - speechEndAt) : null,
        interims,
        eagerEnds,
        eagerUnconfirmed,
      });
    });
    socket.on('error', reject);
  });
}

async function synthesize(): Promise<Clip[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-speech-bench-'));
  try {
    const clips: Clip[] = [];
    for (const [index, text] of SENTENCES.entries()) {
      const voice = VOICES[index % VOICES.length]!;
      const raw = path.join(dir, `raw-${index}.wav`);
      const wav = path.join(dir, `clip-${index}.wav`);
      if (voice.engine === 'flite') await run('flite', ['-voice', voice.name, '-t', text, '-o', raw]);
      else await runWithInput('text2wave', ['-eval', `(voice_${voice.name})`, '-o', raw], text);
      await run('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', wav]);
      const speech = parseWav(await readFile(wav)).samples;
      const pcm = new Int16Array(Math.round((LEAD_SECONDS + TAIL_SECONDS) * RATE) + speech.length);
      pcm.set(speech, Math.round(LEAD_SECONDS * RATE));
      clips.push({
        text,
        voice: `${voice.engine}:${voice.name}`,
        pcm,
        speechEnd: LEAD_SECONDS + audibleEnd(speech),
      });
    }
    return clips;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}


function runWithInput(command: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, (error) => (error ? reject(error) : resolve()));
    child.stdin?.end(input);
  });
}

async function missingTools(tools: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const tool of tools) {
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => missing.push(tool));
  }
  return missing;
}

/** When the chunk holding the end of speech plus the endpointing silence reaches the socket, after speech ends. */
function floorMs(clip: Clip): number {
  const chunkSeconds = AUDIO_CHUNK_INTERVAL_MS / 1000;
  const heardAt = Math.ceil((clip.speechEnd + SPEECH_ENDPOINTING_MS / 1000) / chunkSeconds) * chunkSeconds;
  return Math.round((heardAt - clip.speechEnd) * 1000);
}

function seconds(clips: Clip[]): number {
  return clips.reduce((sum, clip) => sum + clip.pcm.length / RATE, 0);
}

function wordErrors(outcomes: Outcome[]): { errors: number; words: number; rate: number } {
  let errors = 0;
  let words = 0;
  for (const o of outcomes) {
    const result = wer(o.clip.text, o.transcript);
    errors += result.errors;
    words += result.words;
  }
  return { errors, words, rate: words > 0 ? errors / words : 0 };
}

const SMALL_NUMBERS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');

/** Case, punctuation and hyphenation are formatting, not recognition: they are normalised away. */
function normalise(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\w)-(\w)/g, '$1$2')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) =>
      /^\d+$/.test(word) && Number(word) < SMALL_NUMBERS.length ? SMALL_NUMBERS[Number(word)]! : word,
    );
}

function wer(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = normalise(reference);
  const hyp = normalise(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return { errors: previous[hyp.length]!, words: ref.length };
}
