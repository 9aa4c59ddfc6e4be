/**
 * `npm run bench lighthouse`: Lighthouse (the npm package, its CLI) against the home screen `/` of the built
 * app as `npm run serve` serves it, with the system Chromium, offline: mobile (Lighthouse's default profile, a
 * mid-tier phone on simulated slow 4G) and desktop (`--preset desktop`), three cold runs each (a fresh browser
 * profile per run, so the first load is measured every time), in English, Japanese and Arabic (one run of each
 * language in turn, so a change in the machine's load falls on all three alike). Prints the median of each category score and of
 * FCP, LCP, TBT and CLS, the bytes transferred by the first load (all of it, and its JavaScript), and whether
 * the text-compression audit passes. It prints figures; it never fails on one.
 *
 *   npm run build:web && npm run bench lighthouse
 *   npx tsx bench/lighthouse.ts [--runs 3] [--url http://127.0.0.1:8787/] [--json-dir /tmp/lh] [--lang en,ja,ar]
 *
 * Each language starts Chromium in it (navigator.languages) and sends it as Accept-Language, so the page is
 * measured in the interface language such a browser gets (its locale file, its script's fonts, right to left).
 * A Japanese page on a machine with no CJK font measures Chromium's search for glyphs it cannot find, not the app.
 *
 * Without --url it starts `npm run serve` itself on a free port with a throwaway data folder and stops it at the
 * end. CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { serveApp, type ServedApp } from '../infra/local/served-app';
import { loadAverages, median } from './lib/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of docs/E2E.md's Chromium plus what keeps a headless run from reaching out to anything.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
] as const;

type FormFactor = 'mobile' | 'desktop';

interface LighthouseResult {
  readonly categories: Record<string, { score: number | null }>;
  readonly audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }
  >;
  readonly runtimeError?: { code: string; message: string };
}

interface RunFigures {
  readonly scores: Record<string, number>;
  readonly metrics: Record<string, number>;
  readonly totalBytes: number;
  readonly scriptBytes: number;
  readonly textCompressionPasses: boolean;
}

function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString('utf8').slice(-2000)}`)),
    );
  });
}

async function lighthouseOnce(
  url: string,
  formFactor: FormFactor,
  jsonDir?: string,
  index = 0,
  lang?: string,
): Promise<RunFigures> {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${[...CHROME_FLAGS, ...(lang ? [`--lang=${lang}`, `--accept-lang=${lang}`] : [])].join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ...(lang ? [`--extra-headers=${JSON.stringify({ 'Accept-Language': lang })}`] : []),
  ];
  const text = await run(bin, args, { ...process.env, CHROME_PATH: chromiumPath });
  if (jsonDir) writeFileSync(path.join(jsonDir, `${lang ?? 'default'}-${formFactor}-${index + 1}.json`), text);
  const result = JSON.parse(text) as LighthouseResult;
  if (result.runtimeError)
    throw new Error(`Lighthouse: ${result.runtimeError.code} ${result.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((result.categories[category]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    METRICS.map(([name, id]) => [name, result.audits[id]?.numericValue ?? NaN]),
  );
  const resourceItems = result.audits['resource-summary']?.details?.items ?? [];
  const scriptBytes = Number(
    resourceItems.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
  );
  return {
    scores,
    metrics,
    totalBytes: result.audits['total-byte-weight']?.numericValue ?? NaN,
    scriptBytes,
    textCompressionPasses: result.audits['uses-text-compression']?.score === 1,
  };
}

async function startServer(): Promise<ServedApp> {
  if (!existsSync(path.join(root, 'frontend', 'dist', 'index.html')))
    throw new Error('frontend/dist is not built: run `npm run build:web` first');
  return serveApp({ timeoutMs: 300_000 });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function report(formFactor: FormFactor, lang: string, runs: readonly RunFigures[]): void {
  console.log(`\n${formFactor}, ${lang} (median of ${runs.length} runs; each run in brackets)`);
  for (const category of CATEGORIES) {
    const values = runs.map((figures) => figures.scores[category] as number);
    console.log(`  ${category.padEnd(16)} ${String(median(values)).padStart(8)}   [${values.join(', ')}]`);
  }
  for (const [name, , unit] of METRICS) {
    const values = runs.map((figures) => figures.metrics[name] as number);
    const show = unit === 'ms' ? ms : (value: number) => value.toFixed(3);
    console.log(
      `  ${name.padEnd(16)} ${show(median(values)).padStart(8)}   [${values.map(show).join(', ')}]`,
    );
  }
  const total = runs.map((figures) => figures.totalBytes);
  const script = runs.map((figures) => figures.scriptBytes);
  console.log(
    `  ${'transferred'.padEnd(16)} ${kb(median(total)).padStart(8)}   [${total.map(kb).join(', ')}]`,
  );
  console.log(
    `  ${'  of it script'.padEnd(16)} ${kb(median(script)).padStart(8)}   [${script.map(kb).join(', ')}]`,
  );
  const passes = runs.filter((figures) => figures.textCompressionPasses).length;
  console.log(`  text compression audit passes in ${passes} of ${runs.length} runs`);
}

export async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      runs: { type: 'string', default: '3' },
      url: { type: 'string' },
      'json-dir': { type: 'string' },
      lang: { type: 'string', default: 'en,ja,ar' },
    },
    strict: false,
    allowPositionals: true,
  });
  const runs = Number(values.runs);
  const jsonDir = typeof values['json-dir'] === 'string' ? values['json-dir'] : undefined;
  const langs = String(values.lang)
    .split(',')
    .map((lang) => lang.trim())
    .filter(Boolean);
  const server =
    typeof values.url === 'string' ? { url: values.url, stop: async () => {} } : await startServer();
  console.log(
    `Lighthouse on ${server.url} (Accept-Language: ${langs.join(', ')}) with ${chromiumPath}; load average ${loadAverages()}`,
  );
  try {
    // One unmeasured visit first: the server's first answers (handler imports) are not the page's fault.
    await fetch(server.url);
    await fetch(new URL('/api/health', server.url));
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const figures = new Map<string, RunFigures[]>(langs.map((lang) => [lang, []]));
      for (let index = 0; index < runs; index++)
        for (const lang of langs)
          figures.get(lang)?.push(await lighthouseOnce(server.url, formFactor, jsonDir, index, lang));
      for (const lang of langs) report(formFactor, lang, figures.get(lang) ?? []);
    }
  } finally {
    await server.stop();
  }
  console.log(`\nload average after: ${loadAverages()}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
