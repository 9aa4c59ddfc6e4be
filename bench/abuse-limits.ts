// `npm run bench abuse-limits`: what a hostile client gets from a running local cloud, as an attacker would try
// it with a script (docs/DESIGN.md §9, "Abuse and limits"). Start one first, with the limits on (the default):
//
//   npm run build:web && PORT=8931 DATA_DIR=$(mktemp -d) npm run serve
//   ABUSE_BENCH_URL=http://127.0.0.1:8931 npm run bench abuse-limits
//
// Speech goes as the app's does: a ticket from POST /api/speech/ticket, then the relay's socket on the same origin
// (`/v1/listen`, the ticket in the `token` subprotocol), which meters the audio bytes itself. Each client binds its
// own loopback address (127.0.0.x, all routed to this machine on Linux), for its calls and its sockets alike, so
// the gateway and the relay see distinct viewers, as they would see distinct machines. It prints what happened;
// it never passes or fails.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { randomInt } from 'node:crypto';
import type WebSocket from 'ws';
import { SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import { listen, sendAudio, silenceOf } from '../infra/local/faults/fault-cloud';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
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
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent);
  });
}

/** POST /api/speech/ticket, anonymous, from `from`: no body, the caller is the viewer's address. */
const takeTicket = (base: string, from: string) => call(base, from, 'POST', '/api/speech/ticket');
const ticketOf = (answer: Answer) => (answer.body as { ticket?: string }).ticket ?? '';
const leftOf = (answer: Answer) => (answer.body as { seconds_left?: number | null }).seconds_left;
/** `200 left 300 s`, or the refusal with its body (and the gateway's Retry-After when it sent one). */
const describe = (answer: Answer) =>
  answer.status === 200
    ? `200 left ${leftOf(answer)} s`
    : `${answer.status} ${JSON.stringify(answer.body)}${answer.headers['retry-after'] ? ' with Retry-After' : ''}`;

interface Session {
  readonly socket: WebSocket;
  /** The relay's first word: the Allowance's seconds_left once it accepted the ticket, or the close code. */
  readonly opened: Promise<{ readonly allowance: number | null } | { readonly closed: number }>;
  /** The close code and reason. */
  readonly closed: Promise<string>;
}

/**
 * The relay's `/v1/listen` with `ticket`, as the app opens it, from the viewer address `from`. This is fault-cloud's
 * `listen` (infra/local/faults) with the socket bound to an address, which its `listen` has no option for.
 */
async function listenFrom(base: string, from: string, ticket: string): Promise<Session> {
  const session = await listen(base, ticket, { localAddress: from });
  return {
    socket: session.socket,
    opened: Promise.race([
      session.accepted.then((allowance) => ({ allowance })),
      session.closed.then((code) => ({ closed: code })),
    ]),
    closed: Promise.all([session.closed, session.reason]).then(
      ([code, reason]) => `${code}${reason.length > 0 ? ` ${reason}` : ''}`,
    ),
  };
}

/** A short session as a traveller ends one: `seconds` of audio at real time, CloseStream, the relay's close. */
async function speakAndClose(session: Session, seconds: number): Promise<string> {
  await sendAudio(session.socket, silenceOf(seconds));
  session.socket.send(JSON.stringify({ type: 'CloseStream' }));
  return session.closed;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A loopback address no earlier run used, so each viewer starts with a fresh allowance and budget. */
const freshViewer = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
const tallyOf = (outcomes: string[]) => {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${n} x ${outcome}`).join(', ');
};

/** The relay meters the bytes it forwards: a client that streams and then drops the socket, ending nothing, pays. */
async function streamThenDrop(base: string): Promise<void> {
  const viewer = freshViewer();
  const first = await takeTicket(base, viewer);
  if (first.status !== 200) {
    console.log(`stream 5 s, then drop the socket (viewer ${viewer}): no ticket: ${describe(first)}`);
    return;
  }
  const session = await listenFrom(base, viewer, ticketOf(first));
  const opened = await session.opened;
  const sent = await sendAudio(session.socket, silenceOf(5));
  session.socket.terminate();
  await session.closed;
  // The relay closes the lease when it sees the socket gone; give it a moment before asking again.
  await sleep(2000);
  const second = await takeTicket(base, viewer);
  const grew = (leftOf(first) ?? NaN) - (leftOf(second) ?? NaN);
  console.log(
    `take a ticket, stream ${sent} s of audio at real time, drop the socket without CloseStream (viewer ${viewer}): ` +
      `ticket ${describe(first)}; relay ${'closed' in opened ? `closed ${opened.closed}` : `Allowance ${opened.allowance} s`}; ` +
      `next ticket ${describe(second)} -> the day's ` +
      `usage grew by ${grew} s`,
  );
}

async function parallelTickets(base: string): Promise<void> {
  const viewer = freshViewer();
  const answers = await Promise.all(Array.from({ length: 30 }, () => takeTicket(base, viewer)));
  console.log(
    `30 ticket calls at once from ${viewer}: ${tallyOf(answers.map((a) => (a.status === 200 ? '200' : describe(a))))}`,
  );
}

/** One viewer asking for tickets as fast as it is answered: the caller's places, then the gateway's budget. */
async function ticketFlood(base: string): Promise<void> {
  const viewer = freshViewer();
  const started = Date.now();
  const outcomes: string[] = [];
  const firstAt = new Map<string, number>();
  for (let index = 1; index <= 80; index++) {
    const answer = await takeTicket(base, viewer);
    const outcome = answer.status === 200 ? '200' : describe(answer);
    outcomes.push(outcome);
    if (!firstAt.has(outcome)) firstAt.set(outcome, index);
  }
  console.log(
    `80 ticket calls one after another in ${((Date.now() - started) / 1000).toFixed(1)} s from ${viewer}: ` +
      `${tallyOf(outcomes)}; first of each at call ${[...firstAt].map(([o, i]) => `${i} (${o.split(' ')[0]}${o.includes('Retry') ? ' gateway' : ''})`).join(', ')}`,
  );
}

/** A ticket opens one socket: the same ticket on three sockets at once, then once more after. */
async function ticketReuse(base: string): Promise<void> {
  const viewer = freshViewer();
  const answer = await takeTicket(base, viewer);
  if (answer.status !== 200) {
    console.log(`one ticket on 3 sockets (viewer ${viewer}): no ticket: ${describe(answer)}`);
    return;
  }
  const ticket = ticketOf(answer);
  const sessions = await Promise.all(Array.from({ length: 3 }, () => listenFrom(base, viewer, ticket)));
  const outcomes = await Promise.all(
    sessions.map(async (session) => {
      const opened = await session.opened;
      if ('closed' in opened) return `closed ${await session.closed}`;
      return `accepted (Allowance ${opened.allowance} s), closed ${await speakAndClose(session, 1)} after CloseStream`;
    }),
  );
  const again = await listenFrom(base, viewer, ticket);
  const replay = await again.opened;
  if (!('closed' in replay)) again.socket.terminate();
  console.log(
    `one ticket on 3 sockets at once (viewer ${viewer}): ${tallyOf(outcomes)}; the same ticket once more after: ` +
      `${'closed' in replay ? `closed ${await again.closed}` : 'accepted'}`,
  );
}

/** A ticket is bound to the viewer that asked for it: read off one device and used from another, it is refused. */
async function ticketFromElsewhere(base: string): Promise<void> {
  const owner = freshViewer();
  const thief = freshViewer();
  const answer = await takeTicket(base, owner);
  if (answer.status !== 200) {
    console.log(`a ticket used from another viewer: no ticket: ${describe(answer)}`);
    return;
  }
  const stolen = await listenFrom(base, thief, ticketOf(answer));
  const stolenOpened = await stolen.opened;
  if (!('closed' in stolenOpened)) stolen.socket.terminate();
  const own = await listenFrom(base, owner, ticketOf(answer));
  const ownOpened = await own.opened;
  if (!('closed' in ownOpened)) own.socket.terminate();
  console.log(
    `a ticket of ${owner} used from ${thief}: ${'closed' in stolenOpened ? `closed ${await stolen.closed}` : 'accepted'}; ` +
      `then by its owner: ${'closed' in ownOpened ? `closed ${await own.closed}` : `accepted (Allowance ${ownOpened.allowance} s)`}`,
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

/** A patient script: a ticket and a 1 s session every 3 s for a minute, against the caller's open tickets. */
async function ticketAndSessionRounds(base: string): Promise<void> {
  const viewer = freshViewer();
  const started = Date.now();
  const outcomes: string[] = [];
  for (let round = 1; round <= 20; round++) {
    const ticket = await takeTicket(base, viewer);
    if (ticket.status === 200) {
      const session = await listenFrom(base, viewer, ticketOf(ticket));
      const opened = await session.opened;
      const end = 'closed' in opened ? await session.closed : await speakAndClose(session, 1);
      outcomes.push(`${round}:${describe(ticket)}, session closed ${end}`);
    } else {
      outcomes.push(`${round}:${describe(ticket)}`);
    }
    // Twenty rounds spread over a minute, as a patient script would.
    await sleep(Math.max(0, started + (round * 60_000) / 20 - Date.now()));
  }
  const refused = outcomes
    .filter((outcome) => !/^\d+:200/.test(outcome))
    .map((outcome) => outcome.split(':')[0]);
  console.log(
    `20 ticket-and-session rounds in ${((Date.now() - started) / 1000).toFixed(0)} s (viewer ${viewer}; at most ` +
      `${SPEECH_RELAY_LIMITS.ticketsOpen} tickets within ${SPEECH_RELAY_LIMITS.ticketSeconds} s): refused at rounds ` +
      `${refused.join(', ') || 'none'}\n  ${outcomes.join('\n  ')}`,
  );
}

export async function main(): Promise<void> {
  const base = process.env['ABUSE_BENCH_URL'];
  if (!base) {
    console.log('skipped: set ABUSE_BENCH_URL to a running local cloud (see bench/abuse-limits.ts)');
    return;
  }
  await streamThenDrop(base);
  await parallelTickets(base);
  await ticketFlood(base);
  await ticketReuse(base);
  await ticketFromElsewhere(base);
  await analysisFlood(base);
  await ticketAndSessionRounds(base);
}
