// `npm run bench soak`: a long day of use against `npm run serve`. Spoken phrases through the speech
// relay (each a ticket from POST /api/speech/ticket, then a relay session on `/v1/listen` that streams the phrase
// in real time and ends with CloseStream; the relay meters the audio and writes the lease), photos through the
// embedded OCR, analysis calls on the embedded analyser and translations from the OpenAI-compatible test server,
// all at once, with RATE_LIMITS=off. Every --sample-seconds it prints the RSS of each process (the server with its
// engines and worker threads, DynamoDB Local, cognito-local), the server's heap, event-loop delay and open
// resources; at the end the counts in and out, the audio the clients sent against what the relay charged and the
// day counters counted, the dead letters, and the RSS at start, after warm-up (10% of the work) and at the end. It
// measures and prints; it never passes or fails.
//
//   npm run bench soak -- --phrases=1000 --photos=300 --analysis=10000 --translations=1000   (the defaults)
//   npm run bench soak -- --phrases=40 --photos=20 --analysis=400 --translations=40           (a quick run)
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { createTable } from '@wayfarer/lambdas/adapters/aws/table';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import { usageDay } from '@wayfarer/lambdas/domain/allowance';
import { ANALYSIS_CALL_MIN_CHARACTERS, DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { startOpenAiCompatibleServer } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { parseWav } from '@wayfarer/engines/speech/wav';
import { listen, sendAudio } from '../infra/local/faults/fault-cloud';
import { serveApp, type ServedApp } from '../infra/local/served-app';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Travel!2024x';
/**
 * A traveller starts a phrase at most every 5 s: 6 tickets within SPEECH_RELAY_LIMITS.ticketSeconds, under the
 * ticketsOpen a caller may hold, which RATE_LIMITS=off leaves on.
 */
const START_EVERY_MS = 5_000;

interface Options {
  phrases: number;
  photos: number;
  analysis: number;
  translations: number;
  speakers: number;
  sampleSeconds: number;
}

function options(): Options {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: false,
    options: {
      phrases: { type: 'string', default: '1000' },
      photos: { type: 'string', default: '300' },
      analysis: { type: 'string', default: '10000' },
      translations: { type: 'string', default: '1000' },
      speakers: { type: 'string', default: '8' },
      'sample-seconds': { type: 'string', default: '60' },
    },
  });
  const number = (name: string) => Number(values[name]);
  return {
    phrases: number('phrases'),
    photos: number('photos'),
    analysis: number('analysis'),
    translations: number('translations'),
    speakers: number('speakers'),
    sampleSeconds: number('sample-seconds'),
  };
}

// --- Counts ----------------------------------------------------------------------------------------------------

interface Tally {
  sent: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  failures: number;
  statuses: Record<string, number>;
}
const tallies = new Map<string, Tally>();
function tally(name: string): Tally {
  let entry = tallies.get(name);
  if (!entry)
    tallies.set(
      name,
      (entry = { sent: 0, ok: 0, clientErrors: 0, serverErrors: 0, failures: 0, statuses: {} }),
    );
  return entry;
}
function count(name: string, status: number | 'failed'): void {
  const entry = tally(name);
  entry.sent += 1;
  if (status === 'failed') entry.failures += 1;
  else if (status < 400) entry.ok += 1;
  else if (status < 500) entry.clientErrors += 1;
  else entry.serverErrors += 1;
  entry.statuses[String(status)] = (entry.statuses[String(status)] ?? 0) + 1;
}

async function api(
  base: string,
  name: string,
  method: string,
  apiPath: string,
  init: { json?: unknown; token?: string; body?: FormData } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | FormData | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  try {
    const response = await fetch(new URL(apiPath, base), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(90_000),
    });
    const text = await response.text();
    count(name, response.status);
    return { status: response.status, text };
  } catch (error) {
    count(name, 'failed');
    return { status: 0, text: String(error) };
  }
}

// --- Processes -------------------------------------------------------------------------------------------------

/** The server and every process below it (DynamoDB Local's Java, cognito-local's node), by /proc. */
async function processTree(root: number): Promise<{ pid: number; name: string; rssKb: number }[]> {
  const all: { pid: number; ppid: number; name: string; rssKb: number; cmd: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      const cmd = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? '';
      all.push({
        pid: Number(entry),
        ppid: Number(field('PPid')),
        name: field('Name'),
        rssKb: Number.parseInt(field('VmRSS') || '0', 10),
        cmd,
      });
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of all) {
      if (inTree.has(proc.ppid) && !inTree.has(proc.pid)) {
        inTree.add(proc.pid);
        grew = true;
      }
    }
  }
  return all
    .filter((proc) => inTree.has(proc.pid) && proc.rssKb > 0)
    .map((proc) => ({
      pid: proc.pid,
      rssKb: proc.rssKb,
      name: proc.cmd.includes('DynamoDBLocal')
        ? 'DynamoDB Local'
        : proc.cmd.includes('cognito-local')
          ? 'cognito-local'
          : proc.pid === root
            ? 'server'
            : proc.cmd.includes('node -e')
              ? 'orphan guard'
              : proc.name,
    }));
}

interface Sample {
  readonly at: number;
  readonly label: string;
  readonly rssMb: Record<string, number>;
  readonly server:
    { heapMb: number; loopP99: number; loopMax: number; resources: Record<string, number> } | undefined;
}

// --- Workloads ---------------------------------------------------------------------------------------------------

interface Clip {
  readonly pcm: Buffer;
}

async function clips(): Promise<Clip[]> {
  const folder = path.join(REPO_ROOT, 'engines/speech/fixtures');
  const files = (await readdir(folder)).filter((name) => name.endsWith('.wav'));
  return Promise.all(
    files.map(async (name) => {
      const { samples } = parseWav(await readFile(path.join(folder, name)));
      return {
        pcm: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength),
      };
    }),
  );
}

/**
 * One phrase: a ticket, a relay session that streams the phrase at real time (fault-cloud's `sendAudio`, 250 ms
 * chunks), CloseStream, and the relay's close once it has sent its last results. The client reports nothing: the
 * relay charges the lease the bytes it forwarded. Returns the seconds of audio sent on a session the relay closed
 * normally (1000), and its final results.
 */
async function speak(base: string, token: string, clip: Clip): Promise<{ sent: number; finals: number }> {
  const ticket = await api(base, 'speech ticket', 'POST', '/api/speech/ticket', { token });
  if (ticket.status !== 200) return { sent: 0, finals: 0 };
  const { ticket: secret } = JSON.parse(ticket.text) as { ticket: string };
  let session: Awaited<ReturnType<typeof listen>>;
  try {
    session = await listen(base, secret);
  } catch (error) {
    count('speech socket', 'failed');
    console.log(`  socket did not open: ${String(error)}`);
    return { sent: 0, finals: 0 };
  }
  const sent = await sendAudio(session.socket, clip.pcm);
  session.socket.send(JSON.stringify({ type: 'CloseStream' }));
  const code = await session.closed;
  count('speech socket', code === 1000 ? 200 : code);
  if (code !== 1000) console.log(`  socket closed ${code}`);
  return { sent: code === 1000 ? sent : 0, finals: session.finals.length };
}

const ANALYSIS_TEXTS = [
  'A taxi to the airport costs 45 euros and the train is 12 euros',
  'I lost my passport near the Colosseum, where is the police station?',
  'Help, my friend is not breathing, call an ambulance',
  'Is there a pharmacy near the Eiffel Tower that is open now?',
  'Two coffees and a croissant, that will be 7 euros 50',
];

async function pool(
  total: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
  done: () => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next++;
        await work(index);
        done();
      }
    }),
  );
}

// --- Main --------------------------------------------------------------------------------------------------------

export async function main(): Promise<void> {
  const settings = options();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wayfarer-soak-'));
  const provider = await startOpenAiCompatibleServer();
  const log = createWriteStream(path.join(dataDir, 'server.log'));
  const samples: Sample[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let server: ServedApp | undefined;
  try {
    server = await serveApp({
      dataDir,
      output: log,
      timeoutMs: 300_000,
      env: {
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        ANON_DAILY_SECONDS: '10000000',
        USER_DAILY_SECONDS: '10000000',
        OPENAI_BASE_URL: `${provider.url}/v1`,
        OPENAI_MODEL_TRANSLATE: 'soak-model',
        ANALYSIS_ENGINE: 'embedded',
        VISION_ENGINE: 'embedded',
        TTS_ENGINE: 'embedded',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    }).catch((error: unknown) => {
      throw new Error(`The server did not start; see ${dataDir}/server.log`, { cause: error });
    });
    const base = server.url;
    const pid = server.pid;
    const started = performance.now();
    const sample = async (label: string) => {
      const tree = await processTree(pid);
      const rssMb: Record<string, number> = {};
      for (const proc of tree) rssMb[proc.name] = Math.round((rssMb[proc.name] ?? 0) + proc.rssKb / 1024);
      const stats = await fetch(`${base}/__local/process`)
        .then(
          (response) =>
            response.json() as Promise<{
              heapUsedBytes: number;
              eventLoopDelayMs: { p99: number; max: number };
              activeResources: Record<string, number>;
            }>,
        )
        .catch(() => undefined);
      const entry: Sample = {
        at: Math.round((performance.now() - started) / 1000),
        label,
        rssMb,
        server: stats && {
          heapMb: Math.round(stats.heapUsedBytes / 1e6),
          loopP99: stats.eventLoopDelayMs.p99,
          loopMax: stats.eventLoopDelayMs.max,
          resources: stats.activeResources,
        },
      };
      samples.push(entry);
      const rss = Object.entries(rssMb)
        .map(([name, mb]) => `${name} ${mb} MB`)
        .join(', ');
      const loop = entry.server
        ? `; server heap ${entry.server.heapMb} MB, event loop p99 ${entry.server.loopP99} ms max ${entry.server.loopMax} ms; open ${Object.entries(
            entry.server.resources,
          )
            .map(([kind, n]) => `${kind} ${n}`)
            .join(' ')}`
        : '';
      const progress = [...tallies].map(([name, t]) => `${name} ${t.sent}`).join(', ');
      console.log(
        `  [${entry.at} s ${label}] RSS ${rss}${loop}; load ${(loadavg()[0] ?? 0).toFixed(2)}; done: ${progress}`,
      );
    };
    await sample('start');
    sampler = setInterval(() => void sample('minute'), settings.sampleSeconds * 1000);

    // Accounts: one per speaker (each speaks its phrases one after another, as one phone does, and sends its
    // translations), and subscribers for the photos and the analyses (below).
    const register = async (label: string) => {
      const answer = await api(base, 'register', 'POST', '/api/auth/register', {
        json: {
          email: `soak-${label}-${Date.now()}@example.com`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      });
      return (JSON.parse(answer.text) as { token: string }).token;
    };
    const speakers = await Promise.all(
      Array.from({ length: settings.speakers }, (_, index) => register(`speaker${index}`)),
    );
    const subscriber = async (label: string) => {
      const token = await register(label);
      const checkout = await api(base, 'checkout', 'POST', '/api/stripe/create-checkout-session', { token });
      const session =
        new URL((JSON.parse(checkout.text) as { checkoutUrl: string }).checkoutUrl).searchParams.get(
          'session',
        ) ?? '';
      await fetch(`${base}/__local/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session }).toString(),
        redirect: 'manual',
      });
      return token;
    };
    // Subscribers send the photos and the analyses, each within a day's photos and analysed characters
    // (DAILY_CEILINGS; an analysis call charges at least ANALYSIS_CALL_MIN_CHARACTERS).
    const analysedPerCall = Math.max(
      ANALYSIS_CALL_MIN_CHARACTERS,
      ...ANALYSIS_TEXTS.map((text) => text.length),
    );
    const photographers = await Promise.all(
      Array.from(
        {
          length: Math.max(
            1,
            Math.ceil(settings.photos / DAILY_CEILINGS.photos.subscriber),
            Math.ceil((settings.analysis * analysedPerCall) / DAILY_CEILINGS.analysisCharacters.subscriber),
          ),
        },
        (_, index) => subscriber(`photos${index}`),
      ),
    );

    const total = settings.phrases + settings.photos + settings.analysis + settings.translations;
    let completed = 0;
    let warmed = false;
    const done = () => {
      completed += 1;
      if (!warmed && completed >= total / 10) {
        warmed = true;
        void sample('after warm-up (10% of the work)');
      }
    };
    const phrases = await clips();
    const sentBy = new Map<string, number>();
    const lastStart = new Map<string, number>();
    let finals = 0;
    const menu = await readFile(path.join(REPO_ROOT, 'frontend/e2e/fixtures/menu.mjpeg'));

    await Promise.all([
      // Each speaker (one phone) speaks its share of the phrases one after another: the relay holds one socket per
      // caller, and a second session of the same account would end the first.
      ...speakers.map((token, speaker) =>
        pool(
          Math.floor(settings.phrases / speakers.length) +
            (speaker < settings.phrases % speakers.length ? 1 : 0),
          1,
          async (index) => {
            // The speaker's pace: the next Start comes no sooner than START_EVERY_MS after the last.
            const due = (lastStart.get(token) ?? 0) + START_EVERY_MS - Date.now();
            if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
            lastStart.set(token, Date.now());
            const outcome = await speak(base, token, phrases[(index + speaker) % phrases.length] as Clip);
            sentBy.set(token, (sentBy.get(token) ?? 0) + outcome.sent);
            finals += outcome.finals;
          },
          done,
        ),
      ),
      pool(
        settings.photos,
        1,
        async (index) => {
          const form = new FormData();
          form.append('image', new Blob([menu], { type: 'image/jpeg' }), 'photo.jpg');
          form.append('targetLanguage', 'en');
          await api(base, 'photo', 'POST', '/api/vision/translate-image', {
            token: photographers[index % photographers.length],
            body: form,
          });
        },
        done,
      ),
      pool(
        settings.analysis,
        4,
        async (index) => {
          const text = ANALYSIS_TEXTS[index % ANALYSIS_TEXTS.length] as string;
          const kind = ['prices', 'locations', 'emergency'][index % 3] as string;
          // The subscribers': one anonymous address would meet its daily analysis ceiling after 281 calls.
          await api(base, 'analysis', 'POST', `/api/analysis/${kind}`, {
            token: photographers[index % photographers.length],
            json: kind === 'prices' ? { text, targetCurrency: 'USD' } : { text },
          });
        },
        done,
      ),
      pool(
        settings.translations,
        2,
        async (index) => {
          // The speakers' own translations: one anonymous address would meet its daily ceiling (DAILY_CEILINGS).
          await api(base, 'translate', 'POST', '/api/translate', {
            token: speakers[index % speakers.length],
            json: {
              messages: [{ role: 'user', content: ANALYSIS_TEXTS[index % ANALYSIS_TEXTS.length] }],
              outputLanguage: 'es',
            },
          });
        },
        done,
      ),
    ]);
    clearInterval(sampler);
    sampler = undefined;

    // Usage: every lease the relay closes is counted by the consumer (through the bus); wait for it, then compare
    // per speaker.
    const ports = JSON.parse(await readFile(path.join(dataDir, 'ports.json'), 'utf8')) as {
      dynamodb: number;
    };
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${ports.dynamodb}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const leases = createLeaseStore(
      createTable(DynamoDBDocumentClient.from(client), tableDefinition.localTableName),
    );
    const subOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string })
        .sub;
    let sent = 0;
    let charged = 0;
    let counted = 0;
    let leaseCount = 0;
    for (const deadline = Date.now() + 60_000; ;) {
      sent = 0;
      charged = 0;
      counted = 0;
      leaseCount = 0;
      for (const token of speakers) {
        const ledger = await leases.ledger(subOf(token), usageDay(new Date()));
        sent += sentBy.get(token) ?? 0;
        charged += ledger.leases.reduce((sum, lease) => sum + (lease.closed?.seconds ?? 0), 0);
        counted += ledger.countedSeconds;
        leaseCount += ledger.leases.length;
      }
      if (Math.abs(counted - charged) < 1e-6 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    client.destroy();
    const deadLetters = (await fetch(`${base}/__local/dead-letters`).then((response) => response.json())) as {
      count: number;
    };
    await sample('end');

    console.log('\n  counts in and out (sent: 2xx / 4xx / 5xx / failed):');
    for (const [name, t] of tallies)
      console.log(
        `    ${name.padEnd(14)} ${t.sent}: ${t.ok} / ${t.clientErrors} / ${t.serverErrors} / ${t.failures}   ${JSON.stringify(t.statuses)}`,
      );
    const serverErrors = [...tallies.values()].reduce((sum, t) => sum + t.serverErrors, 0);
    console.log(`  5xx in all: ${serverErrors}`);
    console.log(
      `  speech: ${settings.phrases} phrases, ${finals} final transcripts (is_final with text), ${leaseCount} leases`,
    );
    console.log(
      `  usage: audio sent by the clients on sessions closed 1000 ${sent.toFixed(3)} s, charged by the relay (leases closed) ${charged.toFixed(3)} s, counted (day counters) ${counted.toFixed(3)} s; charged minus sent: ${(charged - sent).toFixed(3)} s; lost or doubled between the leases and the counters: ${(counted - charged).toFixed(3)} s`,
    );
    console.log(`  dead letters: ${deadLetters.count}`);
    const warm = samples.find((entry) => entry.label.startsWith('after warm-up')) ?? samples[0];
    const end = samples.at(-1);
    console.log('  RSS per process (start -> after warm-up -> end, end / warm-up):');
    for (const name of Object.keys(end?.rssMb ?? {})) {
      const first = samples[0]?.rssMb[name];
      const warmMb = warm?.rssMb[name];
      const endMb = end?.rssMb[name] ?? 0;
      console.log(
        `    ${name.padEnd(15)} ${first ?? '-'} -> ${warmMb ?? '-'} -> ${endMb} MB   x${warmMb ? (endMb / warmMb).toFixed(2) : '-'}`,
      );
    }
    console.log(
      `  wall time ${Math.round((performance.now() - started) / 1000)} s; server log ${path.join(dataDir, 'server.log')}`,
    );
  } finally {
    if (sampler) clearInterval(sampler);
    await server?.stop();
    await provider.close();
    if (!process.env.SOAK_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
