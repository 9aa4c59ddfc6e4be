// `npm run bench monologue`: a guide talking for two minutes, with natural pauses, at about 150 and about 180
// words a minute (flite's voice slt, made at run time), played by Chromium's fake microphone into the app,
// through the local speech socket and the realistic provider model (PROVIDER_LATENCY=realistic), translated into
// French and read out by a voice slower than the speaker (the OpenAI-compatible test server's voice lasts 1/12 s a
// character, about 130 words a minute). For each speaking rate it runs the app as it ships (the spoken lag bounded,
// docs/SPEC.md §4 Spoken lag) and with the bound switched off (local storage wayfarer-spoken-lag=off: every clause
// read out in full at the voice's pace), and prints the ear-voice span of each spoken phrase (the end of its source
// speech to its translation starting to play) p50 and p95, the span's slope over the two minutes, the phrases
// spoken, sped up, merged and only shown, and retractions of shown translated text per minute. First, one run-on
// sentence of about 25 s without a pause: when its first translation plays, and its retractions a minute. Goals, from the
// ear-voice span human interpreters keep (2 to 5 s): p50 <= 2.5 s, p95 <= 5 s, slope about 0, every phrase
// shown. Needs `npm run build:web`, flite and sox.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { startOpenAiCompatibleServer } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { measureInBrowser, spaBuilt, serveForBench } from './ear-voice-span';
import { loadAverages, percentile } from './lib/stats';

const run = promisify(execFile);

/** -40 dBFS, as bench/speech.ts hears the end of speech. */
const AUDIBLE = 328;
const LANGUAGE = 'fr';
/** The translated voice: 12 characters a second, slower than either speaker. */
const VOICE_SECONDS_PER_CHARACTER = 1 / 12;
const MONOLOGUE_SECONDS = 120;
const LEAD_SECONDS = 3;
const TAIL_SECONDS = 8;
/** Pauses between sentences, in turn: a guide breathes, looks round, points. */
const PAUSES_SECONDS = [0.5, 0.7, 0.45, 0.9, 0.6, 1.1, 0.55, 0.8];
/** `MONOLOGUE_RATES=` (empty) plays the run-on sentence alone. */
const RATES_WPM = (process.env.MONOLOGUE_RATES ?? '150,180')
  .split(',')
  .filter((rate) => rate.trim() !== '')
  .map(Number);
/** `off` (every clause in full, the voice's pace) and `bounded` (as shipped), in that order by default. */
const POLICIES = (process.env.MONOLOGUE_POLICIES ?? 'off,bounded').split(',');

const SENTENCES = [
  'Welcome to the old town, and thank you all for coming along this morning.',
  'We will walk for about two hours, with a short break at the market square.',
  'The building in front of us is the cathedral, which took almost three hundred years to finish.',
  'Work began in the twelfth century, when the town was rich from the wool trade.',
  'If you look up at the west front, you can see two towers that do not match.',
  'The northern tower was finished first, and the southern one was rebuilt after a fire.',
  'Inside, the stained glass windows are some of the oldest in the country.',
  'Please keep your voices low when we go in, because there may be a service.',
  'Photographs are allowed, but the staff ask that you do not use a flash.',
  'After the cathedral we will cross the river by the stone bridge.',
  'The bridge was built by the Romans, although most of what you see today is much newer.',
  'On the far side there is a small museum about the history of the river and its boats.',
  'Entry to the museum is included in your ticket, so you only need to show it at the door.',
  'Around noon we will stop at the market square for about forty minutes.',
  'There are cafes on every side of the square, and the bakery on the corner is very good.',
  'Public toilets are behind the town hall, next to the bicycle parking.',
  'If you get lost, the meeting point is the fountain in the middle of the square.',
  'My phone number is on the back of your map, and you can call me at any time.',
  'From the square we will climb the hill to the castle, which takes about fifteen minutes.',
  'The path is steep in places, so please take your time and hold the rail.',
  'At the top there is a view over the whole valley, and on a clear day you can see the mountains.',
  'The castle was a royal residence for two centuries and later served as a prison.',
  'Today it holds a collection of armour, paintings and old maps of the region.',
  'The tour ends at the castle gate at about half past one.',
  'A bus goes back down to the station every twenty minutes from the stop outside the gate.',
  'If you would rather walk, the path through the gardens is easier than the one we took up.',
  'Please remember to drink some water, because it will be warm later today.',
  'Then let us start, and please stay close to the group while we cross the road.',
];

/** One sentence of about 25 s without a pause: translated at its stable clauses while heard (SPEC §4 Long sentences). */
const RUN_ON =
  'The cathedral in front of us took almost three hundred years to finish and work began in the twelfth century ' +
  'when the town was rich from the wool trade but the northern tower was finished first while the southern one ' +
  'was rebuilt after a great fire which is why the two towers do not match and inside the stained glass windows ' +
  'are some of the oldest in the country so please keep your voices low because there may be a service';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

async function seconds(wav: string): Promise<number> {
  const { stdout } = await run('soxi', ['-D', wav]);
  return Number(stdout.trim());
}

async function sentenceWavs(folder: string, sentences: string[], stretch: number): Promise<string[]> {
  const files: string[] = [];
  for (const [index, text] of sentences.entries()) {
    const raw = path.join(folder, `raw-${index}.wav`);
    const file = path.join(folder, `s-${index}.wav`);
    await run('flite', ['-voice', 'slt', '--setf', `duration_stretch=${stretch}`, '-t', text, '-o', raw]);
    await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', file]);
    files.push(file);
  }
  return files;
}

/**
 * The monologue at `wpm` words a minute, pauses included: the first sentences that hold two minutes' words,
 * flite's pace stretched until their speech and pauses last two minutes. 3 s of silence in front (Chromium loses
 * the start of a fake microphone) and 8 s after, for the last phrase to be heard.
 */
async function monologue(
  folder: string,
  wpm: number,
): Promise<{ wav: string; sentences: number; words: number }> {
  const wanted = (wpm * MONOLOGUE_SECONDS) / 60;
  const chosen: string[] = [];
  for (const sentence of SENTENCES) {
    if (chosen.reduce((sum, text) => sum + words(text), 0) >= wanted) break;
    chosen.push(sentence);
  }
  const total = chosen.reduce((sum, text) => sum + words(text), 0);
  const pauses = chosen
    .slice(1)
    .reduce((sum, _, index) => sum + PAUSES_SECONDS[index % PAUSES_SECONDS.length]!, 0);
  let speech = 0;
  for (const file of await sentenceWavs(folder, chosen, 1)) speech += await seconds(file);
  const stretch = ((total / wpm) * 60 - pauses) / speech;
  const files = await sentenceWavs(folder, chosen, stretch);
  const parts: string[] = [];
  for (const [index, file] of files.entries()) {
    if (index > 0) {
      const gap = path.join(folder, `gap-${index}.wav`);
      const pause = PAUSES_SECONDS[(index - 1) % PAUSES_SECONDS.length]!;
      await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', String(pause)]);
      parts.push(gap);
    }
    parts.push(file);
  }
  const wav = path.join(folder, `monologue-${wpm}.wav`);
  await run('sox', [...parts, wav, 'pad', String(LEAD_SECONDS), String(TAIL_SECONDS)]);
  return { wav, sentences: chosen.length, words: total };
}

/** What the page keeps on its window. */
interface PageState {
  /** Every chunk sent to the speech socket: when, the samples sent so far, and its last audible sample (or -1). */
  __chunks: { at: number; endSample: number; lastAudible: number }[];
  /** The socket's final results with words: when they arrived, and their audio window (s). */
  __finals: { at: number; start: number; end: number }[];
  /** Each utterance that started playing: when (page time) and the phrases it speaks (speech-lag's attributes). */
  __starts: { at: number; phrases: number[] }[];
  __retractions: number;
  /** When each translated phrase appeared on screen (page time), in order: phrase n is the n-th. */
  __phrasesAt: number[];
}

// Runs in the page before the app. No named helpers inside: tsx's name-keeping wrapper does not exist there.
function instrument(audible: number): void {
  const w = window as unknown as PageState;
  w.__chunks = [];
  w.__finals = [];
  w.__starts = [];
  w.__retractions = 0;
  w.__phrasesAt = [];
  const listened = new WeakSet<WebSocket>();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    if (this.url.includes('/v1/listen') && !listened.has(this)) {
      listened.add(this);
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const message = JSON.parse(event.data) as {
          type?: string;
          is_final?: boolean;
          start: number;
          duration: number;
          channel?: { alternatives: { transcript: string }[] };
        };
        if (message.type !== 'Results' || message.is_final !== true) return;
        if ((message.channel?.alternatives[0]?.transcript ?? '').trim() === '') return;
        w.__finals.push({
          at: performance.now(),
          start: message.start,
          end: message.start + message.duration,
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
      let lastAudible = -1;
      for (let i = samples.length - 1; i >= 0; i--) {
        if (Math.abs(samples[i]!) > audible) {
          lastAudible = sentBefore + i;
          break;
        }
      }
      w.__chunks.push({ at: performance.now(), endSample: sentBefore + samples.length, lastAudible });
    }
    return send.call(this, data);
  };
  let shown = '';
  new MutationObserver(() => {
    const lag = document.querySelector('[data-testid="speech-lag"]');
    const startedAt = Number(lag?.getAttribute('data-started-at') ?? Number.NaN);
    if (Number.isFinite(startedAt) && w.__starts.at(-1)?.at !== startedAt) {
      const phrases = (lag?.getAttribute('data-started-phrases') ?? '')
        .split(' ')
        .filter(Boolean)
        .map(Number);
      w.__starts.push({ at: startedAt, phrases });
    }
    const count = document.querySelectorAll('[data-testid="translation-phrase"]').length;
    while (w.__phrasesAt.length < count) w.__phrasesAt.push(performance.now());
    const translation = document.querySelector('[data-testid="transcript-translation"]');
    if (translation && translation.getAttribute('data-empty') === 'false') {
      const text = translation.textContent ?? '';
      if (!text.startsWith(shown)) w.__retractions += 1;
      shown = text;
    }
  }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
}

interface RunResult {
  /** Per final, in order: when its source speech ended (page time), if found. */
  sourceEnds: number[];
  /**
   * Per final, the phrase that carries its end: the first to appear after the final arrived and before the next
   * did (the early clauses of a long sentence appear before its final); undefined when none did.
   */
  endPhrases: (number | undefined)[];
  starts: { at: number; phrases: number[] }[];
  tally: { spoken: number; spedUp: number; merged: number; shownOnly: number };
  phrasesShown: number;
  phrasesMarked: number;
  retractions: number;
  minutes: number;
  /** When the first audio chunk went to the speech socket (page time). */
  firstChunkAt: number | undefined;
}

async function measure(page: Page, baseURL: string, audioSeconds: number): Promise<RunResult> {
  await page.goto(`${baseURL}/`);
  await page.getByTestId('main-button').click();
  const startedAt = Date.now();
  // The monologue plays in real time; then what is still queued is read out (or given up) and the status rests.
  await page.waitForTimeout(audioSeconds * 1000);
  const rested = await page
    .waitForFunction(
      () => {
        // Not translating or reading out: listening again, or still hearing a phrase.
        const status = document.querySelector('[data-testid="status-badge"]')?.getAttribute('data-status');
        return status !== 'translating' && status !== 'speaking';
      },
      undefined,
      { timeout: 300_000, polling: 500 },
    )
    .then(
      () => true,
      () => false,
    );
  // Still talking 5 minutes on: what was measured so far is printed, and said to be partial.
  if (!rested) console.log('    (the voice had not finished 5 minutes after the monologue: figures so far)');
  const result = await page.evaluate(() => {
    const w = window as unknown as PageState;
    // A final's source end: the last audible sample inside its audio window, when the chunk holding it was captured.
    const sourceEnds = w.__finals.map((final) => {
      const first = Math.round(final.start * 16_000);
      const last = Math.round(final.end * 16_000);
      const chunk = [...w.__chunks]
        .reverse()
        .find((candidate) => candidate.lastAudible >= first && candidate.lastAudible < last);
      return chunk === undefined ? Number.NaN : chunk.at - (chunk.endSample - chunk.lastAudible) / 16;
    });
    const lag = document.querySelector('[data-testid="speech-lag"]');
    const phrases = Array.from(document.querySelectorAll('[data-testid="translation-phrase"]'));
    const endPhrases = w.__finals.map((final, index) => {
      const next = w.__finals[index + 1]?.at ?? Number.POSITIVE_INFINITY;
      const phrase = w.__phrasesAt.findIndex((at) => at >= final.at && at < next);
      return phrase < 0 ? undefined : phrase + 1;
    });
    return {
      sourceEnds,
      endPhrases,
      starts: w.__starts,
      // Inline, not a helper: tsx's name-keeping wrapper does not exist in the page.
      tally: {
        spoken: Number(lag?.getAttribute('data-spoken') ?? 0),
        spedUp: Number(lag?.getAttribute('data-sped-up') ?? 0),
        merged: Number(lag?.getAttribute('data-merged') ?? 0),
        shownOnly: Number(lag?.getAttribute('data-shown-only') ?? 0),
      },
      phrasesShown: phrases.length,
      phrasesMarked: phrases.filter((phrase) => phrase.getAttribute('data-shown-only') === 'true').length,
      retractions: w.__retractions,
      firstChunkAt: w.__chunks[0]?.at,
    };
  });
  // Measured already: a Stop the page does not take (a busy button) does not lose the run.
  await page
    .getByTestId('main-button')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  return { ...result, minutes: (Date.now() - startedAt) / 60_000 };
}

/** Least-squares slope of y on x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return variance === 0 ? Number.NaN : covariance / variance;
}

function report(label: string, result: RunResult, peakLoad: number): void {
  // Each final's ear-voice span: from the end of its source speech to the start of the first utterance that speaks
  // the phrase carrying its end (a long sentence's early clauses are spoken before it ends, and not measured).
  const spans: { x: number; y: number }[] = [];
  result.sourceEnds.forEach((end, index) => {
    const phrase = result.endPhrases[index];
    const start = result.starts.find((started) => phrase !== undefined && started.phrases.includes(phrase));
    if (start && Number.isFinite(end)) spans.push({ x: end, y: start.at - end });
  });
  const values = spans.map((span) => span.y);
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  const first = spans[0]?.x ?? 0;
  // Seconds of span gained per minute of monologue.
  const perMinute = slope(spans.map((span) => ({ x: (span.x - first) / 60_000, y: span.y / 1000 })));
  console.log(`  ${label}:`);
  console.log(
    `    ear-voice span over ${values.length} spoken phrases: p50 ${ms(percentile(values, 0.5, 'nearest-rank'))}, p95 ${ms(percentile(values, 0.95, 'nearest-rank'))}, max ${ms(Math.max(...values))}; slope ${perMinute.toFixed(2)} s a minute`,
  );
  console.log(
    `    phrases: ${result.sourceEnds.length} heard, ${result.phrasesShown} shown (${result.phrasesMarked} marked shown, not spoken); spoken ${result.tally.spoken}, sped up ${result.tally.spedUp}, merged ${result.tally.merged}, only shown ${result.tally.shownOnly}`,
  );
  console.log(
    `    retractions of shown translated text: ${result.retractions} (${(result.retractions / result.minutes).toFixed(2)} a minute); load average ${peakLoad.toFixed(2)} peak on ${availableParallelism()} cores`,
  );
  // Where the lag builds up: the mean span of the phrases that ended in each half-minute of the monologue.
  const halves: number[][] = [];
  for (const span of spans) (halves[Math.floor((span.x - first) / 30_000)] ??= []).push(span.y);
  console.log(
    `    span by half-minute: ${Array.from(halves, (ys = []) => (ys.length === 0 ? '-' : (ys.reduce((sum, y) => sum + y, 0) / ys.length / 1000).toFixed(2))).join(', ')} s`,
  );
  if (result.phrasesShown > result.sourceEnds.length) {
    console.log(
      `    (${result.phrasesShown - result.sourceEnds.length} early clauses translated before their final, spoken before their sentence ended: not in the spans)`,
    );
  }
}

/** The run-on sentence at flite's own pace, bounded as shipped: when its first translation plays, and retractions. */
async function runOn(folder: string, baseURL: string): Promise<void> {
  const [file] = await sentenceWavs(folder, [RUN_ON], 1);
  const wav = path.join(folder, 'run-on.wav');
  await run('sox', [file!, wav, 'pad', String(LEAD_SECONDS), String(TAIL_SECONDS)]);
  const audioSeconds = await seconds(wav);
  const speechSeconds = audioSeconds - LEAD_SECONDS - TAIL_SECONDS;
  console.log(
    `\nrun-on sentence: ${words(RUN_ON)} words without a pause, ${speechSeconds.toFixed(1)} s of speech`,
  );
  const measured = await measureInBrowser({
    count: 1,
    wav,
    init: async (context) => {
      await context.addInitScript((language) => {
        localStorage.setItem(
          'wayfarer-voice-settings',
          JSON.stringify({ outputLanguage: language, voiceGender: 'female', enableTranslation: true }),
        );
      }, LANGUAGE);
      await context.addInitScript(instrument, AUDIBLE);
    },
    measure: (page) => measure(page, baseURL, audioSeconds),
  });
  const result = measured.runs[0];
  if (!result) return console.log('  the run failed');
  // The first sample sent is the start of the file: its speech begins LEAD_SECONDS in.
  const speechStart = (result.firstChunkAt ?? Number.NaN) + LEAD_SECONDS * 1000;
  const firstPlayed = result.starts[0]?.at;
  console.log(
    `  first translated speech ${firstPlayed === undefined ? 'never' : `${((firstPlayed - speechStart) / 1000).toFixed(2)} s after the sentence began`} (it ends ${speechSeconds.toFixed(1)} s in); ${result.phrasesShown} translated phrases shown, ${result.starts.length} utterances played`,
  );
  console.log(
    `  retractions of shown translated text: ${result.retractions} (${(result.retractions / result.minutes).toFixed(2)} a minute); load average ${measured.peakLoad.toFixed(2)} peak on ${availableParallelism()} cores`,
  );
}

export async function main(): Promise<void> {
  if (!(await spaBuilt())) return;
  const missing: string[] = [];
  for (const tool of ['flite', 'sox', 'soxi']) {
    await run('sh', ['-c', `command -v ${tool}`]).catch(() => missing.push(tool));
  }
  if (missing.length > 0) {
    console.log(`  skipped: needs ${missing.join(', ')} (apt-get install -y flite sox)`);
    return;
  }
  console.log(`load average at start ${loadAverages()}`);
  const folder = await mkdtemp(path.join(tmpdir(), 'wayfarer-monologue-'));
  const openAi = await startOpenAiCompatibleServer({
    latency: 'realistic',
    secondsPerCharacter: VOICE_SECONDS_PER_CHARACTER,
  });
  const cloud = await serveForBench({
    PROVIDER_LATENCY: 'realistic',
    OPENAI_BASE_URL: `${openAi.url}/v1`,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_MODEL_TRANSLATE: 'bench-translate',
    OPENAI_MODEL_TTS: 'bench-tts',
    TTS_ENGINE: 'cloud',
    ANALYSIS_ENGINE: 'embedded',
  });
  try {
    await runOn(folder, cloud.url);
    for (const wpm of RATES_WPM) {
      const speech = await monologue(folder, wpm);
      const audioSeconds = await seconds(speech.wav);
      console.log(
        `\n${wpm} words a minute: ${speech.sentences} sentences, ${speech.words} words, ${audioSeconds.toFixed(1)} s with the silence around it`,
      );
      for (const bounded of POLICIES.map((policy) => policy === 'bounded')) {
        const measured = await measureInBrowser({
          count: 1,
          wav: speech.wav,
          init: async (context) => {
            await context.addInitScript(
              ({ language, off }) => {
                localStorage.setItem(
                  'wayfarer-voice-settings',
                  JSON.stringify({
                    outputLanguage: language,
                    voiceGender: 'female',
                    enableTranslation: true,
                  }),
                );
                if (off) localStorage.setItem('wayfarer-spoken-lag', 'off');
              },
              { language: LANGUAGE, off: !bounded },
            );
            await context.addInitScript(instrument, AUDIBLE);
          },
          measure: (page) => measure(page, cloud.url, audioSeconds),
        });
        const result = measured.runs[0];
        const label = bounded ? 'spoken lag bounded (as shipped)' : 'bound off (every clause in full)';
        if (result) report(label, result, measured.peakLoad);
        else console.log(`  ${label}: the run failed`);
      }
    }
  } finally {
    await cloud.stop();
    await openAi.close();
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main();
}
