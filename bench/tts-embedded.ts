// The embedded text-to-speech engine (espeak-ng in a worker thread, engines/tts/): cold start, and the time
// from a request to its first audio sample for en, fr and ja (goal p50 <= 80 ms), through the Speaker port and
// through POST /api/tts/{provider} on a local cloud with TTS_ENGINE=embedded. Also how long one synthesis call
// would hold an event loop, which is why it runs in a worker.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Speaker } from '@wayfarer/lambdas/ports/tts';
import { startLocalCloud } from '@wayfarer/infra/local/local-cloud';
import { loadEspeak, ESPEAK_SAMPLE_RATE_HZ } from '@wayfarer/engines/tts/espeak';
import { createEspeakSpeaker } from '@wayfarer/engines/tts/espeak-speaker';
import { espeakVoiceFor } from '@wayfarer/engines/tts/voices';
import { currentLoad, percentile, sampleLoad } from './lib/stats';

const PHRASES: Record<string, string> = {
  en: 'Where is the nearest train station? I would like two tickets to the old town, please.',
  fr: 'Où est la gare la plus proche ? Je voudrais deux billets pour la vieille ville, s’il vous plaît.',
  ja: '一番近い駅はどこですか。旧市街までの切符を二枚ください。',
};
const ROUNDS = 20;
const ROUTE_ROUNDS = 10;
const WAV_HEADER_BYTES = 44;

interface Timing {
  firstAudioMs: number;
  totalMs: number;
  audioSeconds: number;
}

export async function main(): Promise<void> {
  // The local cloud's AWS SDK clients would otherwise warn about Node 20 (the local runtime, docs/ENGINES.md).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const sampler = sampleLoad();
  let load: number[] = [];
  try {
    await mainThreadCost();
    await throughPort();
    await throughRoute();
  } finally {
    load = sampler.stop();
  }
  const loads = load.length > 0 ? load : [currentLoad()];
  console.log(
    `  load average (1 min) during the run: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`,
  );
}

/** espeak-ng's own load, and the longest a single synthesis call holds the thread that makes it. */
async function mainThreadCost(): Promise<void> {
  let started = performance.now();
  const espeak = await loadEspeak();
  console.log(`  espeak-ng wasm load (in-process): ${ms(performance.now() - started)}`);
  let longest = 0;
  for (const [language, phrase] of Object.entries(PHRASES)) {
    if (language === 'ja') continue;
    espeak.setVoice(espeakVoiceFor(language, 'female')?.voice ?? '');
    for (let round = 0; round < 5; round++) {
      started = performance.now();
      espeak.synthesize(phrase, () => false);
      longest = Math.max(longest, performance.now() - started);
    }
  }
  console.log(
    `  one synthesize() call on the calling thread, longest: ${ms(longest)} (why it runs in a worker)`,
  );
}

async function throughPort(): Promise<void> {
  const speaker = createEspeakSpeaker();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  try {
    let started = performance.now();
    await speaker.ready();
    console.log(
      `  worker start with espeak-ng loaded (first phrase pays this once): ${ms(performance.now() - started)}`,
    );
    started = performance.now();
    const coldJa = await timePort(speaker, 'ja');
    console.log(
      `  first Japanese phrase (loads kuromoji's dictionary): first audio ${ms(coldJa.firstAudioMs)}, ` +
        `whole ${ms(performance.now() - started)}`,
    );
    loop.enable();
    for (const language of Object.keys(PHRASES)) {
      const timings: Timing[] = [];
      for (let round = 0; round < ROUNDS; round++) timings.push(await timePort(speaker, language));
      report(`port ${language}`, timings);
    }
    loop.disable();
    console.log(
      `  gateway event loop while the port synthesised: delay p99 ${ms(loop.percentile(99) / 1e6)}, ` +
        `max ${ms(loop.max / 1e6)}`,
    );
  } finally {
    await speaker.close();
  }
}

async function timePort(speaker: Speaker, language: string): Promise<Timing> {
  const started = performance.now();
  const { audio } = await speaker.speak({
    text: PHRASES[language] ?? '',
    language,
    gender: 'female',
    provider: 'openai',
  });
  return timeStream(started, audio);
}

async function timeStream(started: number, audio: AsyncIterable<Uint8Array>): Promise<Timing> {
  let bytes = 0;
  let firstAudioMs = Number.NaN;
  for await (const piece of audio) {
    bytes += piece.byteLength;
    if (Number.isNaN(firstAudioMs) && bytes > WAV_HEADER_BYTES) firstAudioMs = performance.now() - started;
  }
  return {
    firstAudioMs,
    totalMs: performance.now() - started,
    audioSeconds: (bytes - WAV_HEADER_BYTES) / 2 / ESPEAK_SAMPLE_RATE_HZ,
  };
}

async function throughRoute(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-bench-tts-'));
  const previous = process.env.TTS_ENGINE;
  process.env.TTS_ENGINE = 'embedded';
  const cloud = await startLocalCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    viewerLimits: { rateLimits: 'off' },
  });
  try {
    await cloud.whenReady();
    const post = (language: string) =>
      fetch(`${cloud.url}/api/tts/openai`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: PHRASES[language], language, gender: 'female' }),
      });
    const probe = await post('en');
    if (!probe.ok) {
      console.log(
        `  route: POST /api/tts/openai answered ${probe.status} ${await probe.text()}: not measured`,
      );
      return;
    }
    await probe.arrayBuffer();
    // The port's figures already show the cold start and kuromoji's first load; these are the warm route.
    for (const language of Object.keys(PHRASES)) await (await post(language)).arrayBuffer();
    for (const language of Object.keys(PHRASES)) {
      const timings: Timing[] = [];
      for (let round = 0; round < ROUTE_ROUNDS; round++) {
        const started = performance.now();
        const response = await post(language);
        if (!response.ok || !response.body) {
          console.log(`  route ${language}: answered ${response.status}; stopped`);
          return;
        }
        timings.push(await timeStream(started, chunks(response.body)));
      }
      report(`route ${language}`, timings);
    }
  } finally {
    await cloud.stop();
    if (previous === undefined) delete process.env.TTS_ENGINE;
    else process.env.TTS_ENGINE = previous;
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

function report(title: string, timings: Timing[]): void {
  const first = timings.map((timing) => timing.firstAudioMs);
  const realTime = timings.map((timing) => timing.totalMs / 1000 / timing.audioSeconds);
  console.log(
    `  ${title}: request -> first audio p50 ${ms(percentile(first, 0.5, 'nearest-rank'))}, p95 ${ms(percentile(first, 0.95, 'nearest-rank'))} ` +
      `(goal p50 <= 80 ms); whole phrase p50 ${ms(
        percentile(
          timings.map((timing) => timing.totalMs),
          0.5,
          'nearest-rank',
        ),
      )} ` +
      `for ${(timings[0]?.audioSeconds ?? 0).toFixed(1)} s of audio, real-time factor ${percentile(realTime, 0.5, 'nearest-rank').toFixed(3)}` +
      ` (${timings.length} runs)`,
  );
}

const ms = (value: number) => `${Math.round(value)} ms`;
