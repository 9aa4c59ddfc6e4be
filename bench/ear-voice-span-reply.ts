// `npm run bench ear-voice-span-reply`: the ear-voice span of a reply in two-way mode, from the end of the
// other person's French phrase to the first sample of its English translation being played. The same set-up as
// bench/ear-voice-span.ts (the OpenAI-compatible test server answering after a fixed first-token delay, embedded
// speech, Chromium's fake microphone), but the speech socket is the scripted Deepgram-style server, which replays
// an English phrase and then the French reply with their `languages`. That server has no endpointing, so "end of
// the phrase" is its final Result reaching the page; add the recogniser's endpointing that bench/ear-voice-span.ts
// measures (end of speech -> final transcript) for the span a traveller hears. Needs `npm run build:web`.
import { availableParallelism } from 'node:os';
import type { Page } from 'playwright-core';
import { startOpenAiCompatibleServer } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { startScriptedDeepgramServer } from '@wayfarer/lambdas/testing/scripted-deepgram-server';
import {
  measureInBrowser,
  p50,
  spaBuilt,
  serveForBench,
  translationBenchEnv,
  type Measured,
} from './ear-voice-span';

const FIRST_TOKEN_MS = 300;
const RUNS = 5;
const REPLY = 'La gare est au bout de la rue.';

interface Marks {
  /** The French phrase's final Result arrived on the socket. */
  replyFinal: number;
  translateStart: number;
  translateFirstByte: number;
  ttsStart: number;
  ttsFirstByte: number;
  /** The first sample of the English translation started playing (plus the context's output latency). */
  played: number;
}

// Runs in the page before the app: marks the reply's final Result and the first playback after it.
function instrument(reply: string): void {
  const w = window as unknown as { __marks: Record<string, number> };
  w.__marks = {};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (
          w.__marks.replyFinal === undefined &&
          typeof event.data === 'string' &&
          event.data.includes('"is_final":true') &&
          event.data.includes(reply)
        ) {
          w.__marks.replyFinal = performance.now();
        }
      });
    }
  };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (
    this: AudioBufferSourceNode,
    ...args: Parameters<AudioBufferSourceNode['start']>
  ) {
    if (
      w.__marks.replyFinal !== undefined &&
      w.__marks.played === undefined &&
      (this.buffer?.length ?? 0) > 1
    ) {
      w.__marks.played = performance.now() + (this.context as AudioContext).outputLatency * 1000;
    }
    return start.apply(this, args);
  };
}

async function measure(page: Page, baseURL: string): Promise<Marks> {
  await page.goto(`${baseURL}/`);
  await page.getByTestId('main-button').click();
  await page.waitForFunction(
    () => (window as unknown as { __marks: { played?: number } }).__marks.played !== undefined,
    undefined,
    { timeout: 90_000 },
  );
  await page.waitForFunction(
    () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/tts/')).length >=
      2,
    undefined,
    { timeout: 60_000 },
  );
  const marks = await page.evaluate(() => {
    const w = window as unknown as { __marks: Record<string, number> };
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // The reply's requests are the second of each kind.
    const translate = resources.filter((e) => e.name.includes('/api/translate'))[1]!;
    const tts = resources.filter((e) => e.name.includes('/api/tts/'))[1]!;
    return {
      replyFinal: w.__marks.replyFinal!,
      translateStart: translate.requestStart || translate.startTime,
      translateFirstByte: translate.responseStart,
      ttsStart: tts.requestStart || tts.startTime,
      ttsFirstByte: tts.responseStart,
      played: w.__marks.played!,
    };
  });
  await page.getByTestId('main-button').click();
  return marks;
}

export async function main(): Promise<void> {
  if (!(await spaBuilt())) return;
  const openAi = await startOpenAiCompatibleServer({ firstTokenMs: FIRST_TOKEN_MS });
  const deepgram = await startScriptedDeepgramServer({
    script: [
      { text: 'Where is the train station?', language: 'en', afterAudioSeconds: 1 },
      { text: REPLY, language: 'fr', afterAudioSeconds: 1 },
    ],
  });
  const cloud = await serveForBench({
    STT_ENGINE: 'cloud',
    DEEPGRAM_API_KEY: 'dg-bench',
    DEEPGRAM_API_URL: deepgram.url,
    DEEPGRAM_LISTEN_URL: deepgram.listenUrl,
    ...translationBenchEnv(openAi.url),
  });
  let measured: Measured<Marks>;
  try {
    measured = await measureInBrowser({
      count: RUNS,
      init: async (context) => {
        await context.addInitScript(() => {
          localStorage.setItem(
            'wayfarer-voice-settings',
            JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
          );
          localStorage.setItem(
            'wayfarer-conversation-settings',
            JSON.stringify({ twoWay: true, travellerLanguage: 'en' }),
          );
        });
        await context.addInitScript(instrument, REPLY);
      },
      measure: (page) => measure(page, cloud.url),
    });
  } finally {
    await cloud.stop();
    await deepgram.close();
    await openAi.close();
  }
  const { runs, peakLoad } = measured;
  if (runs.length === 0) return;
  const span = (pick: (m: Marks) => number) => p50(runs.map(pick));
  console.log(
    `ear-voice span of a reply (French final Result -> first English sample played, minus the ${FIRST_TOKEN_MS} ms first-token delay):` +
      ` p50 ${span((m) => m.played - m.replyFinal - FIRST_TOKEN_MS)} ms over ${runs.length} runs;` +
      ` load average ${peakLoad.toFixed(2)} peak on ${availableParallelism()} cores`,
  );
  console.log('  where the time goes (p50, ms):');
  console.log(
    `    final Result -> translate request sent (side attribution): ${span((m) => m.translateStart - m.replyFinal)}`,
  );
  console.log(
    `    translate request -> first chunk, minus the first-token delay: ${span((m) => m.translateFirstByte - m.translateStart - FIRST_TOKEN_MS)}`,
  );
  console.log(`    first chunk -> speech request sent: ${span((m) => m.ttsStart - m.translateFirstByte)}`);
  console.log(
    `    speech request -> first audio byte (embedded espeak-ng): ${span((m) => m.ttsFirstByte - m.ttsStart)}`,
  );
  console.log(`    first audio byte -> playing: ${span((m) => m.played - m.ttsFirstByte)}`);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main();
}
