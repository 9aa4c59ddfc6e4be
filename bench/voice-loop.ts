// `npm run bench voice-loop`: the whole voice loop in Chromium. The fake microphone speaks a phrase;
// per phrase it measures, on the page's own clock, end of speech -> final transcript, -> first translated token
// on screen, -> first translated audio playing (the page's audio clock: the scheduled start plus the output
// latency), and counts retractions (shown translated text that shrank or changed instead of growing). Two
// setups: the embedded engines (local Moonshine socket, the OpenAI-compatible test server answering at once,
// espeak-ng), and the realistic provider model (PROVIDER_LATENCY=realistic: the same socket with Deepgram's
// final delay, first token 350 ms and 30 ms a token, a cloud voice whose first byte comes after 300 ms and then
// in real time). Prints p50/p90 and the machine load, and where the time goes between the page's requests (their
// resource timing); asserts nothing about time. `VOICE_LOOP_SETUP=embedded|realistic` runs one setup.
// Needs `npm run build:web`.
import { availableParallelism } from 'node:os';
import type { Page } from 'playwright-core';
import { SAMPLE_RATE, VAD_FRAME_SAMPLES } from '@wayfarer/engines/speech/pcm-frames';
import { DEFAULT_SEGMENTER_SETTINGS } from '@wayfarer/engines/speech/segmenter';
import { REALISTIC_LATENCY } from '@wayfarer/shared/api/provider-latency';
import { splitClauses } from '@wayfarer/shared/domain/clauses';
import {
  defaultTranslation,
  startOpenAiCompatibleServer,
  tokenise,
} from '@wayfarer/lambdas/testing/openai-compatible-server';
import { measureInBrowser, spaBuilt, serveForBench } from './ear-voice-span';
import { loadAverages, percentile as percentileOf } from './lib/stats';

const RUNS = Number(process.env.VOICE_LOOP_RUNS ?? 7);
// -40 dBFS, as bench/speech.ts hears the end of speech.
const AUDIBLE = 328;
const PHRASE = 'I need a doctor near the Eiffel Tower';
const LANGUAGE = 'fr';
/** The app asks the socket for endpointing=300 (docs/SPEC.md §7). */
const ENDPOINTING_MS = 300;

interface Marks {
  speechEnd: number;
  final: number;
  firstToken: number;
  played: number;
  /** Shown translation that did not grow from what was shown before. */
  retractions: number;
  /** Interim transcript revisions (the original text, which Deepgram's interim results revise by design). */
  interimRevisions: number;
  /** POST /api/translate calls for the one phrase: more than one is a prepared translation the final did not take. */
  translateCalls: number;
  /** When the page asked for the phrase's translation: before the final on an eager end of turn. */
  translateAt: number;
  /** The translate response's first byte (its status follows the first token), from the page's resource timing. */
  translateFirstByte: number;
  /** When the page asked for the first clause's speech, and that response's first byte. */
  speechAt: number;
  speechFirstByte: number;
  /** The eager end of turn's audio window: how far it ends past the last audible sample (the VAD's silence). */
  eagerPastSpeechMs: number;
  /** How long after its window's end the chunk holding it left the page. */
  eagerChunkWaitMs: number;
  /** The eager end of turn's arrival after that chunk left (the socket's delay and decode). */
  eagerAfterChunkMs: number;
}

/** What the instrumentation keeps on the page's window. */
interface PageState {
  __marks: Record<string, number>;
  /** Chunks sent with audible audio: when, and how long before that its last audible sample was captured. */
  __frames: { at: number; lastAudibleAgoMs: number }[];
  /** Every chunk sent: when, and the sample count sent so far. */
  __chunks: { at: number; endSample: number }[];
  __lastAudibleSample: number;
  /** The socket's Results: when they arrived, and the end of their audio window and of their last word (s). */
  __results: { at: number; isFinal: boolean; end: number; lastWordEnd: number }[];
}

// Runs in the page before the app. No named helpers inside: tsx's name-keeping wrapper does not exist here.
function instrument(audible: number): void {
  const w = window as unknown as PageState;
  w.__marks = { retractions: 0, interimRevisions: 0 };
  w.__frames = [];
  w.__chunks = [];
  w.__results = [];
  const listened = new WeakSet<WebSocket>();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    if (this.url.includes('/v1/listen') && !listened.has(this)) {
      listened.add(this);
      // The socket's results, to see when the eager end of turn arrived and which audio it covered.
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const message = JSON.parse(event.data) as {
          type?: string;
          is_final?: boolean;
          start: number;
          duration: number;
          channel?: { alternatives: { words: { end: number }[] }[] };
        };
        if (message.type !== 'Results') return;
        w.__results.push({
          at: performance.now(),
          isFinal: message.is_final === true,
          end: message.start + message.duration,
          lastWordEnd: message.channel?.alternatives[0]?.words.at(-1)?.end ?? Number.NaN,
        });
      });
    }
    if (this.url.includes('/v1/listen') && (data instanceof ArrayBuffer || ArrayBuffer.isView(data))) {
      const bytes =
        data instanceof ArrayBuffer
          ? data
          : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      const samples = new Int16Array(bytes);
      const sentBefore = w.__chunks.at(-1)?.endSample ?? 0;
      w.__chunks.push({ at: performance.now(), endSample: sentBefore + samples.length });
      for (let i = samples.length - 1; i >= 0; i--) {
        if (Math.abs(samples[i]!) > audible) {
          w.__lastAudibleSample = sentBefore + i;
          // A chunk leaves once complete; its sample i was captured (length - i) / 16 ms before.
          w.__frames.push({ at: performance.now(), lastAudibleAgoMs: (samples.length - i) / 16 });
          break;
        }
      }
    }
    return send.call(this, data);
  };
  const fetchOriginal = window.fetch;
  window.fetch = function (this: typeof window, ...args: Parameters<typeof fetch>) {
    const url = args[0] instanceof Request ? args[0].url : String(args[0]);
    if (w.__marks.translateAt === undefined && url.includes('/api/translate'))
      w.__marks.translateAt = performance.now();
    return fetchOriginal.apply(this, args);
  };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (
    this: AudioBufferSourceNode,
    ...args: Parameters<AudioBufferSourceNode['start']>
  ) {
    // The unlock plays a single silent sample; a translation is longer.
    if (w.__marks.played === undefined && (this.buffer?.length ?? 0) > 1) {
      const context = this.context as AudioContext;
      const when = Math.max(args[0] ?? 0, context.currentTime);
      w.__marks.played =
        performance.now() + (when - context.currentTime) * 1000 + context.outputLatency * 1000;
    }
    return start.apply(this, args);
  };
  let shownTranslation = '';
  let shownOriginal = '';
  new MutationObserver(() => {
    const status = document.querySelector('[data-testid="status-badge"]')?.getAttribute('data-status');
    // With fast engines the badge can pass from translating to speaking between two observations.
    if ((status === 'translating' || status === 'speaking') && w.__marks.final === undefined)
      w.__marks.final = performance.now();
    const translation = document.querySelector('[data-testid="transcript-translation"]');
    if (translation && translation.getAttribute('data-empty') === 'false') {
      const text = translation.textContent ?? '';
      if (w.__marks.firstToken === undefined) w.__marks.firstToken = performance.now();
      if (!text.startsWith(shownTranslation)) w.__marks.retractions! += 1;
      shownTranslation = text;
    }
    const original = document.querySelector('[data-testid="transcript-original"]');
    if (original && original.getAttribute('data-empty') === 'false') {
      const text = original.textContent ?? '';
      if (!text.startsWith(shownOriginal)) w.__marks.interimRevisions! += 1;
      shownOriginal = text;
    }
  }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
}

async function measure(page: Page, baseURL: string): Promise<Marks> {
  let translateCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/translate') translateCalls += 1;
  });
  await page.goto(`${baseURL}/`);
  await page.getByTestId('main-button').click();
  await page.waitForFunction(
    () => (window as unknown as { __marks: { played?: number } }).__marks.played !== undefined,
    undefined,
    { timeout: 60_000 },
  );
  // A resource timing entry appears once its response has ended: the speech streams in real time.
  await page
    .waitForFunction(
      () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/tts/')),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  const marks = await page.evaluate(() => {
    const w = window as unknown as PageState;
    const beforeFinal = w.__frames.filter((frame) => frame.at <= w.__marks.final!);
    const last = beforeFinal.at(-1)!;
    // The eager end of turn: the first interim after the speech whose audio runs on past its last word.
    const eager = w.__results.find(
      (result) => !result.isFinal && result.at > last.at && result.end - result.lastWordEnd >= 0.059,
    );
    const windowEndSample = eager === undefined ? Number.NaN : Math.round(eager.end * 16_000);
    const carrier = w.__chunks.find((chunk) => chunk.endSample >= windowEndSample);
    // No named helpers in here (tsx's name-keeping wrapper does not exist in the page).
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const translate = entries.find((entry) => entry.name.includes('/api/translate'));
    const speech = entries.find((entry) => entry.name.includes('/api/tts/'));
    return {
      eagerPastSpeechMs: (windowEndSample - w.__lastAudibleSample) / 16,
      eagerChunkWaitMs: carrier === undefined ? Number.NaN : (carrier.endSample - windowEndSample) / 16,
      eagerAfterChunkMs: carrier === undefined || eager === undefined ? Number.NaN : eager.at - carrier.at,
      translateFirstByte: translate?.responseStart ?? Number.NaN,
      speechAt: speech?.startTime ?? Number.NaN,
      speechFirstByte: speech?.responseStart ?? Number.NaN,
      speechEnd: last.at - last.lastAudibleAgoMs,
      final: w.__marks.final!,
      firstToken: w.__marks.firstToken!,
      played: w.__marks.played!,
      translateAt: w.__marks.translateAt!,
      retractions: w.__marks.retractions!,
      interimRevisions: w.__marks.interimRevisions!,
    };
  });
  await page.getByTestId('main-button').click();
  return { ...marks, translateCalls };
}

const percentile = (values: number[], p: number): number =>
  Math.round(percentileOf(values, p / 100, 'nearest-rank'));

async function runSetup(name: string, realistic: boolean): Promise<void> {
  const env: Record<string, string> = realistic ? { PROVIDER_LATENCY: 'realistic' } : {};
  const openAi = await startOpenAiCompatibleServer(realistic ? { latency: 'realistic' } : {});
  const cloud = await serveForBench({
    ...env,
    OPENAI_BASE_URL: `${openAi.url}/v1`,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_MODEL_TRANSLATE: 'bench-translate',
    ...(realistic ? { OPENAI_MODEL_TTS: 'bench-tts', TTS_ENGINE: 'cloud' } : { TTS_ENGINE: 'embedded' }),
    ANALYSIS_ENGINE: 'embedded',
  });
  let measured;
  try {
    measured = await measureInBrowser({
      count: RUNS,
      init: async (context) => {
        await context.addInitScript(
          (language) =>
            localStorage.setItem(
              'wayfarer-voice-settings',
              JSON.stringify({ outputLanguage: language, voiceGender: 'female', enableTranslation: true }),
            ),
          LANGUAGE,
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
  console.log(
    `\n${name}: ${runs.length} of ${RUNS} runs; load average ${peakLoad.toFixed(2)} peak on ${availableParallelism()} cores`,
  );
  if (runs.length === 0) return;
  const line = (label: string, pick: (m: Marks) => number) => {
    const values = runs.map(pick);
    console.log(
      `  ${label.padEnd(52)} p50 ${String(percentile(values, 50)).padStart(5)} ms   p90 ${String(percentile(values, 90)).padStart(5)} ms`,
    );
    return percentile(values, 50);
  };
  line('end of speech -> final transcript', (m) => m.final - m.speechEnd);
  line('end of speech -> first translated token on screen', (m) => m.firstToken - m.speechEnd);
  const audio = line('end of speech -> first translated audio playing', (m) => m.played - m.speechEnd);
  const stages: [string, (m: Marks) => number][] = [
    ['  end of speech -> translation asked', (m) => m.translateAt - m.speechEnd],
    ['  translation asked -> its first byte', (m) => m.translateFirstByte - m.translateAt],
    ['  translation first byte -> speech asked', (m) => m.speechAt - m.translateFirstByte],
    ['  speech asked -> its first byte', (m) => m.speechFirstByte - m.speechAt],
    ['  speech first byte -> audio playing', (m) => m.played - m.speechFirstByte],
  ];
  if (runs.every((m) => Number.isFinite(m.speechFirstByte) && m.translateAt < m.played)) {
    for (const [label, pick] of stages) line(label, pick);
  }
  // Where the eager end of turn's time goes (the model: the speculation's silence + the message delay).
  const eager = runs.filter((m) => Number.isFinite(m.eagerAfterChunkMs));
  console.log(
    `  eager end of turn seen in ${eager.length} of ${runs.length} runs (else the final came first):`,
  );
  if (eager.length > 0) {
    const eagerLine = (label: string, pick: (m: Marks) => number) => {
      const values = eager.map(pick);
      console.log(
        `    ${label.padEnd(50)} p50 ${String(percentile(values, 50)).padStart(5)} ms   p90 ${String(percentile(values, 90)).padStart(5)} ms`,
      );
    };
    eagerLine('its audio runs past the last audible sample', (m) => m.eagerPastSpeechMs);
    eagerLine('the chunk holding its end leaves after that', (m) => m.eagerChunkWaitMs);
    eagerLine('it arrives after that chunk left', (m) => m.eagerAfterChunkMs);
  }
  const retractions = runs.reduce((sum, m) => sum + m.retractions, 0);
  const revisions = runs.reduce((sum, m) => sum + m.interimRevisions, 0);
  console.log(
    `  retractions of shown translated text: ${retractions} (spoken clips are never cancelled once started)`,
  );
  console.log(`  interim transcript revisions (original text, by design of interim results): ${revisions}`);
  const early = runs.filter((m) => m.translateAt < m.final);
  console.log(
    `  translation asked for before the final (eager end of turn): ${early.length} of ${runs.length} runs` +
      (early.length > 0
        ? `, p50 ${percentile(
            early.map((m) => m.final - m.translateAt),
            50,
          )} ms ahead`
        : ''),
  );
  const calls = runs.map((m) => m.translateCalls);
  console.log(
    `  translate calls per phrase: ${calls.join(' ')} (a second one is a translation prepared on an eager end of turn that the final did not take)`,
  );
  if (realistic) {
    const firstClause = splitClauses(
      defaultTranslation([
        { role: 'system', content: 'Translate into French.' },
        { role: 'user', content: PHRASE },
      ]),
      LANGUAGE,
    )[0]!;
    const tokens = tokenise(firstClause).length;
    // The translation starts on the eager end of turn, the speculative decode's silence after the last word;
    // the final (ENDPOINTING_MS) confirms it meanwhile and is no longer on the way to the first audio.
    const eagerMs = Math.round(
      ((DEFAULT_SEGMENTER_SETTINGS.speculateAfterFrames * VAD_FRAME_SAMPLES) / SAMPLE_RATE) * 1000,
    );
    const afterTurn =
      REALISTIC_LATENCY.sttFinalDelayMs +
      REALISTIC_LATENCY.firstTokenMs +
      (tokens - 1) * REALISTIC_LATENCY.interTokenMs +
      REALISTIC_LATENCY.speechFirstByteMs;
    const modelled = eagerMs + afterTurn;
    console.log(
      `  modelled provider delays: eager end of turn after ${eagerMs} ms of silence (the final's endpointing is ${ENDPOINTING_MS}) + its message ${REALISTIC_LATENCY.sttFinalDelayMs} + first token ${REALISTIC_LATENCY.firstTokenMs}` +
        ` + ${tokens - 1} more tokens of the first clause x ${REALISTIC_LATENCY.interTokenMs} + speech first byte ${REALISTIC_LATENCY.speechFirstByteMs} = ${modelled} ms` +
        ` (${ENDPOINTING_MS + afterTurn} ms waiting for the final);` +
        ` measured p50 / modelled = ${(audio / modelled).toFixed(2)}; ours (measured - modelled) = ${audio - modelled} ms`,
    );
  }
}

export async function main(): Promise<void> {
  if (!(await spaBuilt())) return;
  console.log(`load average at start ${loadAverages()}`);
  const only = process.env.VOICE_LOOP_SETUP;
  if (only !== 'realistic')
    await runSetup('embedded engines (Moonshine socket, test translation server at once, espeak-ng)', false);
  if (only !== 'embedded')
    await runSetup('realistic provider model (PROVIDER_LATENCY=realistic, cloud voice)', true);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main();
}
