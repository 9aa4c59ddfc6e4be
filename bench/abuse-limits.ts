// `npm run bench abuse-limits`: what a hostile client gets from a running local cloud, as an attacker would try
// it with a script (docs/DESIGN.md §9, "Abuse and limits"). Start one first, with the limits on (the default):
//
//   npm run build:web && PORT=8931 DATA_DIR=$(mktemp -d) npm run serve
//   ABUSE_BENCH_URL=http://127.0.0.1:8931 npm run bench abuse-limits
//
// Each client binds its own loopback address (127.0.0.x, all routed to this machine on Linux), so the gateway
// sees distinct viewers, as it would see distinct machines. It prints what happened; it never passes or fails.
import { Agent, request as httpRequest } from 'node:http';
import { randomInt } from 'node:crypto';

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

function call(
  base: string,
  from: string,
  method: 'GET' | 'POST',
  path: string,
  json?: unknown,
): Promise<Answer> {
  const agent = new Agent({ localAddress: from, keepAlive: false });
  return new Promise((resolve, reject) => {
    const sent = json === undefined ? undefined : JSON.stringify(json);
    const outgoing = httpRequest(
      `${base}${path}`,
      { method, agent, headers: sent === undefined ? {} : { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: keep the text.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent);
  });
}

const ttlOf = (answer: Answer) =>
  (answer.body as { time_to_live_in_seconds?: number }).time_to_live_in_seconds;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A loopback address no earlier run used, so each viewer starts with a fresh allowance and budget. */
const freshViewer = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

async function reportZeroAfterFiveSeconds(base: string): Promise<void> {
  const viewer = freshViewer();
  const first = await call(base, viewer, 'GET', '/api/deepgram/key');
  await sleep(5000);
  const report = await call(base, viewer, 'POST', '/api/usage/update', { durationSeconds: 0 });
  const second = await call(base, viewer, 'GET', '/api/deepgram/key');
  const grew = (ttlOf(first) ?? NaN) - (ttlOf(second) ?? NaN);
  console.log(
    `take a key, wait 5 s, report 0 (viewer ${viewer}): key ${first.status} ttl ${ttlOf(first)} s; report ` +
      `${report.status}; next key ${second.status} ttl ${ttlOf(second)} s -> the day's usage grew by ${grew} s`,
  );
}

async function parallelKeys(base: string): Promise<void> {
  const viewer = freshViewer();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => call(base, viewer, 'GET', '/api/deepgram/key')),
  );
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  console.log(
    `30 key calls at once from ${viewer}: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}`,
  );
}

async function keyAndReportRounds(base: string): Promise<void> {
  const viewer = freshViewer();
  const started = Date.now();
  const outcomes: string[] = [];
  for (let round = 1; round <= 20; round++) {
    const key = await call(base, viewer, 'GET', '/api/deepgram/key');
    const report = await call(base, viewer, 'POST', '/api/usage/update', { durationSeconds: 0 });
    outcomes.push(
      key.status === 200
        ? `${round}:200 ttl ${ttlOf(key)}`
        : `${round}:${key.status} ${JSON.stringify(key.body)} (report ${report.status})`,
    );
    // Twenty rounds spread over a minute, as a patient script would.
    await sleep(Math.max(0, started + (round * 60_000) / 20 - Date.now()));
  }
  const firstRefusal = outcomes.findIndex((outcome) => !/^\d+:200/.test(outcome)) + 1;
  console.log(
    `20 key-and-report rounds in ${((Date.now() - started) / 1000).toFixed(0)} s (viewer ${viewer}): first ` +
      `refused at round ${firstRefusal || 'none'}\n  ${outcomes.join('\n  ')}`,
  );
}

async function analysisFlood(base: string): Promise<void> {
  const attacker = freshViewer();
  const bystander = freshViewer();
  const started = Date.now();
  const tally = new Map<string, number>();
  const bystanderTally = new Map<string, number>();
  const count = (into: Map<string, number>, answer: Answer) => {
    const key = `${answer.status} ${answer.status === 200 ? '' : JSON.stringify(answer.body)}`.trim();
    into.set(key, (into.get(key) ?? 0) + 1);
  };
  const body = { text: 'The taxi to the museum cost 20 euros', targetCurrency: 'USD' };
  const attack = (async () => {
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(base, attacker, 'POST', '/api/analysis/prices', body)),
      );
      for (const answer of answers) count(tally, answer);
      await sleep(Math.max(0, started + ((batch + 1) * 10_000) / 30 - Date.now()));
    }
  })();
  const bystanding = (async () => {
    for (let turn = 0; turn < 10; turn++) {
      count(bystanderTally, await call(base, bystander, 'POST', '/api/analysis/prices', body));
      await sleep(1000);
    }
  })();
  await Promise.all([attack, bystanding]);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `300 anonymous analysis calls in ${seconds} s from ${attacker}: ${[...tally].map(([k, n]) => `${n} x ${k}`).join(', ')}`,
  );
  console.log(
    `meanwhile 10 calls from a second client ${bystander}: ${[...bystanderTally].map(([k, n]) => `${n} x ${k}`).join(', ')}`,
  );
}

export async function main(): Promise<void> {
  const base = process.env['ABUSE_BENCH_URL'];
  if (!base) {
    console.log('skipped: set ABUSE_BENCH_URL to a running local cloud (see bench/abuse-limits.ts)');
    return;
  }
  await reportZeroAfterFiveSeconds(base);
  await parallelKeys(base);
  await analysisFlood(base);
  await keyAndReportRounds(base);
}
