// The embedded photo engine (engines/vision/): tesseract.js with the six languages of the npm data packages,
// then the rule-based price analyser on its text, through the Vision port as the route calls it. Prints the
// worker's start, the first photo, then per photo when warm (goal p50 <= 600 ms on 2 cores) and the memory the
// worker adds (it runs in a worker thread of this process, so the process's RSS grows by it). The photo is the
// fake camera's menu (frontend/e2e/fixtures/menu.mjpeg, 1280x720, what the photo screen uploads).
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unavailableTranslator } from '@wayfarer/lambdas/adapters/cloud/openai-translator';
import { embeddedAnalyzer } from '@wayfarer/engines/analysis/embedded-analyzer';
import { createEmbeddedVision } from '@wayfarer/engines/vision/embedded-vision';
import { createTesseractOcr } from '@wayfarer/engines/vision/tesseract-ocr';
import { percentile } from './lib/stats';

const ROUNDS = 20;
const MENU = new URL('../frontend/e2e/fixtures/menu.mjpeg', import.meta.url);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
export async function main(): Promise<void> {
  const image = await readFile(fileURLToPath(MENU));
  const ocr = createTesseractOcr();
  // No translator: the figure is OCR + analysis, the part this engine owns (a translator's time is the model's).
  const translator = unavailableTranslator('bench');
  const vision = createEmbeddedVision({
    ocr,
    translator: () => Promise.resolve(translator),
    analyzer: embeddedAnalyzer,
  });
  const read = () => vision.readImage({ image, contentType: 'image/jpeg', targetLanguage: 'en' });
  try {
    const rssBefore = process.memoryUsage().rss;
    let started = performance.now();
    await ocr.ready();
    const startMs = performance.now() - started;
    const rssStarted = process.memoryUsage().rss;
    started = performance.now();
    const first = await read();
    const firstMs = performance.now() - started;
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const rssAfter = process.memoryUsage().rss;
    console.log(`  worker start (6 languages, best_int models): ${ms(startMs)}`);
    console.log(
      `  first photo: ${ms(firstMs)}; lines read ${first.originalText.split('\n').length}, prices ${first.prices.length}`,
    );
    console.log(
      `  warm, per photo (OCR + prices), ${ROUNDS} rounds: p50 ${ms(percentile(times, 0.5, 'floor-index'))}, ` +
        `p90 ${ms(percentile(times, 0.9, 'floor-index'))}, max ${ms(times.at(-1) ?? Number.NaN)}   goal p50 <= 600 ms`,
    );
    console.log(
      `  process RSS: ${mb(rssBefore)} before, ${mb(rssStarted)} with the worker started ` +
        `(+${mb(rssStarted - rssBefore)}), ${mb(rssAfter)} after ${ROUNDS + 1} photos (+${mb(rssAfter - rssBefore)})`,
    );
    console.log(`  load average (1 min): ${(loadavg()[0] ?? 0).toFixed(2)}`);
  } finally {
    await ocr.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
