/**
 * Embedded price analysis through the local gateway, with its own load generator, and the analyser alone.
 *
 * The local cloud starts in this process (gateway, DynamoDB Local, the registered embedded analyser); the
 * load generator runs in a worker thread on keep-alive connections, so the two share the machine as a
 * client and a server would. POST /api/analysis/prices runs the whole http stack, the price grammar, the
 * SPEC §5 filter, the rate read (held per container) and the conversion. Goal: >= 1,500 requests/s with 0
 * errors on 2 cores. Then the analyser alone, per request, without HTTP: p50 and p99.
 *
 *   npx tsx bench/analysis-gateway.ts [--seconds 10] [--connections 32]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { embeddedAnalyzer } from '@wayfarer/engines/analysis/embedded-analyzer';
import { startLocalCloud } from '@wayfarer/infra/local/local-cloud';
import { ANALYSIS_CALL_MIN_CHARACTERS, DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { loadAverages, percentile } from './lib/stats';

// Our own sentences (not the dev set), one price or more each, in the four languages the grammar reads.
const SENTENCES = [
  'The taxi to the airport was 45 dollars plus a 5 dollar tip.',
  'Two coffees and a croissant come to 7,80 €.',
  'La chambre coûte quatre-vingt-dix euros la nuit, petit déjeuner compris.',
  'El menú del día cuesta doce euros cincuenta.',
  'Die Fahrkarte nach München kostet 29,90 Euro.',
  'A bowl of ramen is 1.200 yen and the beer 600 yen.',
  'Entry to the museum is £18 for adults and £9 for children.',
  'The market stall wanted 300 pesos for the blanket.',
];
const TARGET_CURRENCY = 'EUR';
const WARM_UP_MS = 2_000;
const ANALYSER_RUNS = 20_000;

// Plain JS for the worker thread, so it needs no TypeScript loader.
const LOAD_GENERATOR = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, path, bodies, connections, durationMs, network, perViewer } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const payloads = bodies.map((body) => Buffer.from(body));
const statuses = {};
const latencies = [];
const end = Date.now() + durationMs;
function once(index) {
  return new Promise((resolve) => {
    const body = payloads[index % payloads.length];
    const started = process.hrtime.bigint();
    const request = http.request(
      { agent, host: target.hostname, port: target.port, path, method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length,
          'x-forwarded-for': network + ':' + Math.floor(index / perViewer).toString(16) + '::1' } },
      (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          resolve();
        });
      },
    );
    request.on('error', (error) => {
      statuses[error.code ?? 'error'] = (statuses[error.code ?? 'error'] ?? 0) + 1;
      resolve();
    });
    request.end(body);
  });
}
async function connection(id) {
  for (let index = id; Date.now() < end; index += connections) await once(index);
}
Promise.all(Array.from({ length: connections }, (_, id) => connection(id))).then(() => {
  agent.destroy();
  parentPort.postMessage({ statuses, latencies });
});
`;

interface LoadResult {
  readonly statuses: Record<string, number>;
  readonly latencies: number[];
}

/*
 * Each run of the load sends its requests as viewers of its own (a /64 of `network` per PER_VIEWER requests, through
 * X-Forwarded-For from the trusted loopback), so none meets its daily analysis ceiling
 * (DAILY_CEILINGS.analysisCharacters), which RATE_LIMITS=off leaves on: that would measure the refusal instead.
 */
const PER_VIEWER = Math.floor(
  DAILY_CEILINGS.analysisCharacters.anonymous /
    Math.max(ANALYSIS_CALL_MIN_CHARACTERS, ...SENTENCES.map((sentence) => sentence.length)),
);

function load(url: string, connections: number, durationMs: number, network: string): Promise<LoadResult> {
  const bodies = SENTENCES.map((text) => JSON.stringify({ text, targetCurrency: TARGET_CURRENCY }));
  const worker = new Worker(LOAD_GENERATOR, {
    eval: true,
    workerData: {
      url,
      path: '/api/analysis/prices',
      bodies,
      connections,
      durationMs,
      network,
      perViewer: PER_VIEWER,
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
  });
}

function flag(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
}

async function analyserAlone(): Promise<void> {
  const timings = (analysis: (text: string) => Promise<unknown>) => async () => {
    const microseconds: number[] = [];
    for (let run = 0; run < ANALYSER_RUNS; run += 1) {
      const text = SENTENCES[run % SENTENCES.length] ?? '';
      const started = process.hrtime.bigint();
      await analysis(text);
      microseconds.push(Number(process.hrtime.bigint() - started) / 1e3);
    }
    return microseconds.sort((a, b) => a - b);
  };
  const rows: [string, () => Promise<number[]>][] = [
    ['prices', timings((text) => embeddedAnalyzer.prices(text))],
    [
      'all three analyses',
      timings((text) =>
        Promise.all([
          embeddedAnalyzer.prices(text),
          embeddedAnalyzer.locations(text),
          embeddedAnalyzer.emergency(text),
        ]),
      ),
    ],
  ];
  console.log(`\nthe embedded analyser alone, ${ANALYSER_RUNS} requests each (no HTTP):`);
  for (const [name, measure] of rows) {
    const sorted = await measure();
    console.log(
      `  ${name.padEnd(20)} p50 ${percentile(sorted, 0.5, 'floor-index').toFixed(0).padStart(5)} µs   p99 ${percentile(sorted, 0.99, 'floor-index').toFixed(0).padStart(5)} µs`,
    );
  }
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const seconds = flag(argv, '--seconds', 10);
  const connections = flag(argv, '--connections', 32);
  // One log line per request would measure the terminal, not the gateway.
  process.env['LOG_LEVEL'] ??= 'warn';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-analysis-bench-'));
  const cloud = await startLocalCloud({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    viewerLimits: { rateLimits: 'off', trustedProxies: ['127.0.0.1'] },
  });
  try {
    await cloud.whenReady();
    await load(cloud.url, connections, WARM_UP_MS, '2001:db8:1');
    const { statuses, latencies } = await load(cloud.url, connections, seconds * 1000, '2001:db8:2');
    const sorted = latencies.sort((a, b) => a - b);
    const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
    const errors = total - (statuses['200'] ?? 0);
    console.log(
      `POST /api/analysis/prices through the local gateway, ${connections} keep-alive connections, ${seconds} s ` +
        `(Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(2)} before)`,
    );
    console.log(
      `  ${(total / seconds).toFixed(0)} requests/s, ${errors} errors (statuses ${JSON.stringify(statuses)}), ` +
        `latency p50 ${percentile(sorted, 0.5, 'floor-index').toFixed(1)} ms, p99 ${percentile(sorted, 0.99, 'floor-index').toFixed(1)} ms   goal >= 1500/s, 0 errors`,
    );
  } finally {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  await analyserAlone();
  console.log(`load average after: ${loadAverages()}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
