// `npm run bench ear-voice-span`: the ear-voice span, from the end of a spoken sentence (Chromium's
// fake microphone playing a WAV) to the first sample of its translation being played, with the local speech
// socket, the OpenAI-compatible test server answering after a fixed first-token delay, and embedded speech.
// Printed minus that delay, with where the time goes. Needs the built SPA (`npm run build:web`).
import { access } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startOpenAiCompatibleServer } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { serveApp, type ServedApp } from '@wayfarer/infra/local/served-app';
import { AUDIO_CHUNK_INTERVAL_MS } from '@wayfarer/shared/constants';
import { currentLoad, sampleLoad } from './lib/stats';

const root = fileURLToPath(new URL('../', import.meta.url));
const WAV = path.join(root, 'frontend/e2e/fixtures/speech-doctor-slt.wav');
const FIRST_TOKEN_MS = 300;
const RUNS = 7;
// -40 dBFS, as bench/speech.ts hears the end of speech.
const AUDIBLE = 328;

interface Marks {
  /** The last captured sample louder than AUDIBLE, in page time: where the speaker stopped. */
  speechEnd: number;
  /** The status became translating: the final transcript arrived. */
  final: number;
  translateStart: number;
  translateFirstByte: number;
  translateEnd: number;
  ttsStart: number;
  ttsFirstByte: number;
  ttsEnd: number;
  /** The first translated samples started playing (plus the context's output latency). */
  played: number;
}

// Runs in the page before the app: watches the audio sent to the speech socket, the status and playback.
function instrument(audible: number): void {
  const w = window as unknown as {
    __marks: Record<string, number>;
    __frames: { at: number; lastAudibleAgoMs: number }[];
  };
  w.__marks = {};
  w.__frames = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    if (this.url.includes('/v1/listen') && (data instanceof ArrayBuffer || ArrayBuffer.isView(data))) {
      const bytes =
        data instanceof ArrayBuffer
          ? data
          : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      const samples = new Int16Array(bytes);
      for (let i = samples.length - 1; i >= 0; i--) {
        if (Math.abs(samples[i]!) > audible) {
          // A chunk leaves once it is complete (AUDIO_CHUNK_INTERVAL_MS); its sample i was captured (length - i) / 16 ms before.
          w.__frames.push({ at: performance.now(), lastAudibleAgoMs: (samples.length - i) / 16 });
          break;
        }
      }
    }
    return send.call(this, data);
  };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (
    this: AudioBufferSourceNode,
    ...args: Parameters<AudioBufferSourceNode['start']>
  ) {
    // The unlock plays a single silent sample; a translation is longer.
    if (w.__marks.played === undefined && (this.buffer?.length ?? 0) > 1) {
      w.__marks.played = performance.now() + (this.context as AudioContext).outputLatency * 1000;
    }
    return start.apply(this, args);
  };
  new MutationObserver(() => {
    const status = document.querySelector('[data-testid="status-badge"]')?.getAttribute('data-status');
    if (status === 'translating' && w.__marks.final === undefined) w.__marks.final = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
}

async function measure(page: Page, baseURL: string): Promise<Marks> {
  await page.goto(`${baseURL}/`);
  await page.getByTestId('main-button').click();
  await page.waitForFunction(
    () => (window as unknown as { __marks: { played?: number } }).__marks.played !== undefined,
    undefined,
    {
      timeout: 60_000,
    },
  );
  // Playback starts with the first bytes, so the speech request's timing entry is complete only later.
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/tts/')),
    undefined,
    { timeout: 60_000 },
  );
  const marks = await page.evaluate(() => {
    const w = window as unknown as {
      __marks: Record<string, number>;
      __frames: { at: number; lastAudibleAgoMs: number }[];
    };
    const beforeFinal = w.__frames.filter((frame) => frame.at <= w.__marks.final!);
    const last = beforeFinal.at(-1)!;
    // No named helpers in here: tsx's name-keeping wrapper does not exist in the page.
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const translate = resources.find((e) => e.name.includes('/api/translate'))!;
    const tts = resources.find((e) => e.name.includes('/api/tts/'))!;
    return {
      speechEnd: last.at - last.lastAudibleAgoMs,
      final: w.__marks.final!,
      translateStart: translate.requestStart || translate.startTime,
      translateFirstByte: translate.responseStart,
      translateEnd: translate.responseEnd,
      ttsStart: tts.requestStart || tts.startTime,
      ttsFirstByte: tts.responseStart,
      ttsEnd: tts.responseEnd,
      played: w.__marks.played!,
    };
  });
  await page.getByTestId('main-button').click();
  return marks;
}

/** The served app as the benches run it: per-viewer limits off, since they measure speed (bench/README.md). */
export function serveForBench(env: Record<string, string>): Promise<ServedApp> {
  return serveApp({ env: { RATE_LIMITS: 'off', ...env }, timeoutMs: 120_000 });
}

export function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil(sorted.length / 2) - 1]!);
}

/** Says so and answers false when the SPA has not been built: these benches drive the built app. */
export async function spaBuilt(): Promise<boolean> {
  try {
    await access(path.join(root, 'frontend/dist/index.html'));
    return true;
  } catch {
    console.log('  skipped: build the SPA first (npm run build:web)');
    return false;
  }
}

/** Translation from the OpenAI-compatible test server at `openAiUrl`, embedded speech and analysis. */
export function translationBenchEnv(openAiUrl: string): Record<string, string> {
  return {
    OPENAI_BASE_URL: `${openAiUrl}/v1`,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_MODEL_TRANSLATE: 'bench-translate',
    TTS_ENGINE: 'embedded',
    ANALYSIS_ENGINE: 'embedded',
  };
}

export interface Measured<M> {
  readonly runs: M[];
  /** The highest one-minute load average seen while measuring. */
  readonly peakLoad: number;
}

/**
 * Runs `measure` `count` times, each in a fresh context of Chromium whose fake microphone plays `wav` (the doctor
 * WAV by default) once; a failed run is reported and left out.
 */
export async function measureInBrowser<M>(options: {
  readonly count: number;
  readonly wav?: string;
  readonly init: (context: BrowserContext) => Promise<void>;
  readonly measure: (page: Page) => Promise<M>;
}): Promise<Measured<M>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-gpu',
      '--autoplay-policy=no-user-gesture-required',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.wav ?? WAV}%noloop`,
    ],
  });
  const sampler = sampleLoad();
  let load: number[] = [];
  const runs: M[] = [];
  try {
    for (let run = 0; run < options.count; run++) {
      const context = await browser.newContext();
      await options.init(context);
      try {
        runs.push(await options.measure(await context.newPage()));
      } catch (error) {
        console.log(
          `  run ${run + 1} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
      await context.close();
    }
  } finally {
    load = sampler.stop();
    await browser.close();
  }
  return { runs, peakLoad: Math.max(...load, currentLoad()) };
}

export async function main(): Promise<void> {
  if (!(await spaBuilt())) return;
  const openAi = await startOpenAiCompatibleServer({ firstTokenMs: FIRST_TOKEN_MS });
  const cloud = await serveForBench(translationBenchEnv(openAi.url));
  let measured: Measured<Marks>;
  try {
    measured = await measureInBrowser({
      count: RUNS,
      init: async (context) => {
        await context.addInitScript(() =>
          localStorage.setItem(
            'wayfarer-voice-settings',
            JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
          ),
        );
        await context.addInitScript(instrument, AUDIBLE);
      },
      measure: (page) => measure(page, cloud.url),
    });
  } finally {
    await cloud.stop();
    await openAi.close();
  }
  const { runs, peakLoad } = measured;
  if (runs.length === 0) return;
  const span = (pick: (m: Marks) => number) => p50(runs.map(pick));
  console.log(
    `ear-voice span (end of speech -> first translated sample played, minus the ${FIRST_TOKEN_MS} ms first-token delay):` +
      ` p50 ${span((m) => m.played - m.speechEnd - FIRST_TOKEN_MS)} ms over ${runs.length} runs (goal <= 900 ms);` +
      ` load average ${peakLoad.toFixed(2)} peak on ${availableParallelism()} cores`,
  );
  console.log('  where the time goes (p50, ms):');
  console.log(
    `    end of speech -> final transcript (endpointing 300 ms, ${AUDIO_CHUNK_INTERVAL_MS} ms chunks): ${span((m) => m.final - m.speechEnd)}`,
  );
  console.log(`    final -> translate request sent: ${span((m) => m.translateStart - m.final)}`);
  console.log(
    `    translate request -> first chunk, minus the first-token delay: ${span((m) => m.translateFirstByte - m.translateStart - FIRST_TOKEN_MS)}`,
  );
  console.log(
    `    first chunk -> translation complete: ${span((m) => m.translateEnd - m.translateFirstByte)}`,
  );
  console.log(`    translation complete -> speech request sent: ${span((m) => m.ttsStart - m.translateEnd)}`);
  console.log(
    `    speech request -> first audio byte (embedded espeak-ng): ${span((m) => m.ttsFirstByte - m.ttsStart)}`,
  );
  console.log(
    `    first audio byte -> playing (WAV header read, first chunk scheduled): ${span((m) => m.played - m.ttsFirstByte)}`,
  );
  console.log(
    `    (the speech's last byte arrives ${span((m) => m.ttsEnd - m.ttsFirstByte)} ms after its first, while it plays)`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main();
}
