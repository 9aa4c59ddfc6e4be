/**
 * The fault suite's harness: a whole local cloud of its own on a fresh DATA_DIR (no speech model: the cases that
 * need the socket start it themselves), and calls that never hang unseen: each gives up after CALL_DEADLINE_MS,
 * and a call that gives up is reported as a hang, which every promise of the suite forbids.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';
import { startLocalCloud, type LocalCloud, type LocalCloudOptions } from '../local-cloud';

/** Longer than any function's timeout (60 s for translate and tts), so a call that outlives it did hang. */
export const CALL_DEADLINE_MS = 70_000;

export interface FaultCloud {
  readonly cloud: LocalCloud;
  readonly dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts a local cloud with `env` set first (config is read once, on first use), on `dataDir` or a fresh one. */
export async function startFaultCloud(
  env: Record<string, string> = {},
  options: Partial<LocalCloudOptions> = {},
): Promise<FaultCloud> {
  // The handlers' request lines would bury the test's own output; warnings and errors still show.
  const wanted = { LOG_LEVEL: 'warn', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env };
  const saved = Object.fromEntries(Object.keys(wanted).map((name) => [name, process.env[name]]));
  Object.assign(process.env, wanted);
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'wayfarer-faults-')));
  // Each case is many travellers from one address: the per-viewer limits (tested on their own) are off.
  const cloud = await startLocalCloud({
    port: 0,
    host: '127.0.0.1',
    sockets: [],
    viewerLimits: { rateLimits: 'off' },
    ...options,
    dataDir,
  });
  await cloud.whenReady();
  return {
    cloud,
    dataDir,
    async stop({ keepData = false } = {}) {
      await cloud.stop();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  /** The raw text (streams: every line). */
  readonly text: string;
}

/** A call that answered nothing within CALL_DEADLINE_MS. */
export class HangError extends Error {}

export async function call(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: {
    json?: unknown;
    token?: string;
    body?: string | Uint8Array | FormData;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(new URL(apiPath, baseUrl), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(CALL_DEADLINE_MS),
    });
    text = await response.text();
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new HangError(`${method} ${apiPath} hung`);
    throw error;
  }
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Kept as text.
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** What a well-behaved client does with a 503: waits Retry-After seconds and asks again (at most `tries` times). */
export async function callRetrying(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: Parameters<typeof call>[3] = {},
  seen: Answer[] = [],
  tries = 30,
): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call(baseUrl, method, apiPath, options);
    seen.push(answer);
    if (answer.status !== 503 || attempt >= tries) return answer;
    const wait = Number(answer.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/**
 * A signed-in traveller subscribes: the checkout session the API starts, paid on the local Checkout page as the
 * traveller's browser would post it. Returns the Checkout session's id.
 */
export async function payCheckout(baseUrl: string, token: string): Promise<string> {
  const checkout = await call(baseUrl, 'POST', '/api/stripe/create-checkout-session', { token });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const sessionId =
    new URL((checkout.body as { checkoutUrl: string }).checkoutUrl).searchParams.get('session') ?? '';
  const paid = await fetch(new URL('/__local/checkout/pay', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: sessionId }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the local Checkout page answered ${paid.status}`);
  return sessionId;
}

/** Polls until `probe` is true; the suite waits on conditions, never on time. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A speech socket of the relay, as the browser opens it with a ticket, and what it has heard. */
export interface Listening {
  readonly socket: WebSocket;
  /** The final transcripts, in order. */
  readonly finals: string[];
  /** Resolves to the seconds left (null: no allowance) once the relay has accepted the socket (the lease is open). */
  readonly accepted: Promise<number | null>;
  /** Resolves to the close code. */
  readonly closed: Promise<number>;
  /** Resolves to the close reason. */
  readonly reason: Promise<string>;
}

/**
 * Opens the relay's `/v1/listen` on `baseUrl` with `ticket`, as the app does (the `token` subprotocol); from
 * `localAddress` when given (a loopback address of its own is a viewer of its own).
 */
export async function listen(
  baseUrl: string,
  ticket: string,
  options: { localAddress?: string } = {},
): Promise<Listening> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/v1/listen?${new URLSearchParams(SPEECH_SOCKET_QUERY)}`;
  const socket = new WebSocket(url, ['token', ticket], { localAddress: options.localAddress });
  const finals: string[] = [];
  let accept: (secondsLeft: number | null) => void = () => undefined;
  const accepted = new Promise<number | null>((resolve) => (accept = resolve));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      type?: string;
      seconds_left?: number | null;
      is_final?: boolean;
      channel?: { alternatives?: { transcript: string }[] };
    };
    if (message.type === 'Allowance') accept(message.seconds_left ?? null);
    const text = message.channel?.alternatives?.[0]?.transcript ?? '';
    if (message.type === 'Results' && message.is_final && text) finals.push(text);
  });
  const ended = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    finals,
    accepted,
    closed: ended.then(({ code }) => code),
    reason: ended.then(({ reason }) => reason),
  };
}

const SAMPLE_RATE = 16_000;
const CHUNK_BYTES = (SAMPLE_RATE * 2) / 4;

/** Sends 16 kHz PCM16 audio in 250 ms chunks at the pace a microphone makes them; returns the seconds sent. */
export async function sendAudio(socket: WebSocket, audio: Buffer): Promise<number> {
  const started = Date.now();
  for (let offset = 0; offset < audio.length; offset += CHUNK_BYTES) {
    const due = started + (offset / CHUNK_BYTES) * 250;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    socket.send(audio.subarray(offset, offset + CHUNK_BYTES));
  }
  return audio.length / 2 / SAMPLE_RATE;
}

/** `seconds` of 16 kHz PCM16 silence. */
export function silenceOf(seconds: number): Buffer {
  return Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2);
}

/**
 * One short session as a traveller speaks it: a ticket (503s waited out as Retry-After says), `seconds` of audio
 * sent at once (the relay takes up to 15 s ahead of real time), then CloseStream. Resolves to the socket's close
 * code: 1000 once the relay has closed the session, another when it could not open one.
 */
export async function speakOnce(
  baseUrl: string,
  token: string,
  seconds: number,
  seen: Answer[] = [],
): Promise<{ ticket: Answer; closeCode?: number }> {
  const ticket = await callRetrying(baseUrl, 'POST', '/api/speech/ticket', { token }, seen);
  if (ticket.status !== 200) return { ticket };
  const session = await listen(baseUrl, (ticket.body as { ticket: string }).ticket);
  session.socket.send(silenceOf(seconds));
  session.socket.send(JSON.stringify({ type: 'CloseStream' }));
  return { ticket, closeCode: await session.closed };
}
