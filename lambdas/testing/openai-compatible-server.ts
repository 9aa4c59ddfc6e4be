import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '@wayfarer/shared/domain/languages';
import {
  providerLatency,
  REALISTIC_LATENCY,
  type ProviderLatency,
} from '@wayfarer/shared/api/provider-latency';
import { serveUntilStopped } from './serve-until-stopped';
import { startTestServer } from './test-server';

// A protocol-faithful OpenAI-compatible server for tests and benches: the real `openai` SDK talks to it over
// HTTP exactly as it talks to api.openai.com (or Ollama, llama.cpp), so adapters are tested through the real
// client, its SSE parser and its error classes. It also serves Deepgram's POST /v1/speak for @deepgram/sdk.
// Nothing here is imported by a Lambda; e2e specs and benches spawn it through the CLI at the bottom.

/** What one chat completion request does; scripted per request with `script()`, else the default reply. */
export type ChatBehaviour =
  /** Replies with this content (streamed token by token when the request streams), or a structured refusal. */
  | {
      readonly kind: 'reply';
      readonly content?: string;
      readonly refusal?: string;
      readonly tokens?: readonly string[];
    }
  /** Fails before anything is streamed, with OpenAI's error body. */
  | { readonly kind: 'fail'; readonly status: number; readonly message?: string }
  /**
   * Streams `afterTokens` tokens of the default reply, then either cuts the connection (`cut`) or sends an SSE
   * error event as OpenAI does when a stream fails server-side (`error-event`).
   */
  | { readonly kind: 'fail-mid-stream'; readonly afterTokens: number; readonly how: 'cut' | 'error-event' };

/**
 * A fault every request meets until it is cleared (the fault suite), on every endpoint: chat, OpenAI
 * speech and Deepgram's speak. Unlike `script()`, it does not depend on which request comes first.
 */
export type ProviderFault =
  /** Every request answered with this status and the provider's error body. */
  | { readonly kind: 'status'; readonly status: number }
  /** Every request accepted and never answered, until the client gives up. */
  | { readonly kind: 'hang' }
  /** Streams cut after `afterChunks` chunks (tokens or audio); a non-streamed answer cut before its first byte. */
  | { readonly kind: 'cut'; readonly afterChunks: number };

export interface SeenRequest {
  readonly method: string;
  /** Path and query, as received. */
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  /** The parsed JSON body, or undefined when there was none (or it was not JSON). */
  readonly body: unknown;
}

/** A response the client closed before the server had finished it: what an abort looks like from here. */
export interface ClosedConnection {
  readonly url: string;
  /** Tokens (or audio chunks) written before the close. */
  readonly written: number;
}

export interface FakeOpenAiOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Delay from the request to the first streamed token (and to a non-streamed reply). */
  readonly firstTokenMs?: number;
  /** Delay between streamed tokens. */
  readonly interTokenMs?: number;
  /** Delay between audio chunks of a speech response. */
  readonly interAudioChunkMs?: number;
  /**
   * Holds back the last chunk of every speech response until `releaseAudio()` (or POST /__release-audio): a
   * client that plays only complete files never starts, one that streams does (the streaming-voice e2e). A release lets
   * through the tail of every response begun before it, whether or not that response has reached its tail yet:
   * the client may start playing (and the test release) while the server is still writing the first chunks.
   */
  readonly holdAudioTail?: boolean;
  /**
   * With holdAudioTail: hold back only the speech whose text matches (the e2e suite's second local cloud shares
   * this server between specs, and only cloud-voice-progressive.spec.ts releases what it holds); default all.
   */
  readonly holdAudioTailFor?: RegExp;
  /** Length of the speech tone (default 0.4 s). */
  readonly toneSeconds?: number;
  /**
   * A voice whose speech lasts this long a character of its text, divided by the request's `speed` (OpenAI's body,
   * Deepgram's query): a slow voice for the monologue bench. Replaces toneSeconds.
   */
  readonly secondsPerCharacter?: number;
  /**
   * `realistic` (PROVIDER_LATENCY=realistic on the CLI): first token and first audio byte as the real providers
   * answer, tokens at their rate, audio in real time (shared/api/provider-latency.ts); it replaces the delays above.
   */
  readonly latency?: ProviderLatency;
}

export interface FakeOpenAiServer {
  /** The origin, e.g. http://127.0.0.1:41234. OpenAI's base URL is `${url}/v1`; Deepgram's is `url`. */
  readonly url: string;
  readonly requests: readonly SeenRequest[];
  readonly closedConnections: readonly ClosedConnection[];
  /**
   * When each streamed chat completion wrote its first content token (performance.now() of this process), in
   * order: what a bench subtracts from the client's first chunk to get the overhead of everything between.
   */
  readonly firstTokenTimes: readonly number[];
  /** Queues behaviours for the next chat completion requests, one each, in order. */
  script(...behaviours: ChatBehaviour[]): void;
  /** Sets the fault every request meets from now on; undefined clears it. */
  fault(fault: ProviderFault | undefined): void;
  /** Resolves at the next (or an already recorded, unclaimed) client close. */
  nextClientClose(): Promise<ClosedConnection>;
  /** Changes the delay to the first token (and to a speech response's first byte) for the requests to come. */
  setFirstTokenMs(ms: number): void;
  /** Sends the tails of the speech responses begun so far, held back now or when they reach them (holdAudioTail). */
  releaseAudio(): void;
  close(): Promise<void>;
}

/** A few phrases the e2e fixtures speak, so browser tests can assert real-looking text. */
const PHRASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'i need a doctor near the eiffel tower': {
    es: 'Necesito un médico cerca de la Torre Eiffel.',
    fr: "J'ai besoin d'un médecin près de la tour Eiffel.",
    de: 'Ich brauche einen Arzt in der Nähe des Eiffelturms.',
    it: 'Ho bisogno di un medico vicino alla Torre Eiffel.',
    ja: 'エッフェル塔の近くで医者が必要です。',
  },
  'where is the train station': {
    es: '¿Dónde está la estación de tren?',
    fr: 'Où est la gare ?',
    de: 'Wo ist der Bahnhof?',
    it: "Dov'è la stazione?",
    ja: '駅はどこですか？',
  },
  // The other side of a two-way conversation (frontend/e2e/conversation-mode.spec.ts).
  'la gare est au bout de la rue': {
    en: 'The station is at the end of the street.',
  },
  'how much is a taxi to the airport': {
    es: '¿Cuánto cuesta un taxi al aeropuerto?',
    fr: "Combien coûte un taxi pour l'aéroport ?",
    de: 'Wie viel kostet ein Taxi zum Flughafen?',
  },
};

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

// Longest names first, so a name that contains another (none today) still wins.
const LANGUAGES_BY_NAME = [...LANGUAGES].sort((a, b) => b.englishName.length - a.englishName.length);

/**
 * The target language is the first of shared/domain's languages the system message names in English, as any
 * translation prompt does ("... into Spanish ..."); the source text is the last user message.
 */
export function defaultTranslation(messages: readonly { role: string; content: unknown }[]): string {
  const system = messages.find((message) => message.role === 'system');
  const systemText = typeof system?.content === 'string' ? system.content : '';
  const target = LANGUAGES_BY_NAME.find(({ englishName }) =>
    new RegExp(`\\b${englishName}\\b`).test(systemText),
  )?.value;
  const user = messages.findLast((message) => message.role === 'user');
  const text = typeof user?.content === 'string' ? user.content : '';
  const known = target === undefined ? undefined : PHRASES[normalise(text)]?.[target];
  // Marked, so a test can tell a table hit from the fallback and still see the target language.
  return known ?? `[${target ?? '??'}] ${text}`;
}

/** Splits like a tokenizer does, roughly: words with their leading space, so chunks join back to the text. */
export function tokenise(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

// --- Audio ----------------------------------------------------------------------------------------------------

const SAMPLE_RATE = 24_000;

/** A short 16-bit mono PCM WAV tone that every browser decodes: the speech stand-in. */
export function toneWav(seconds = 0.4, frequency = 440): Buffer {
  const samples = Math.round(SAMPLE_RATE * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    const value = Math.sin((2 * Math.PI * frequency * index) / SAMPLE_RATE) * 0.3;
    wav.writeInt16LE(Math.round(value * 32_767), 44 + index * 2);
  }
  return wav;
}

const AUDIO_CHUNK_BYTES = 4_096;

// --- Server ---------------------------------------------------------------------------------------------------

async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  if (parts.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    return undefined;
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** OpenAI's error body: `{error: {message, type, param, code}}`. */
function openAiError(status: number, message: string) {
  const type =
    status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message, type, param: null, code: null } };
}

interface ChatRequest {
  readonly model?: unknown;
  readonly stream?: unknown;
  readonly messages?: unknown;
  readonly max_completion_tokens?: unknown;
  readonly max_tokens?: unknown;
}

/** Characters per token, OpenAI's rule of thumb for English: how this server counts an answer against its cap. */
export const CHARS_PER_TOKEN = 4;

/**
 * The request's output cap in characters (`max_completion_tokens`, else the older `max_tokens`, as OpenAI reads
 * them), or undefined when it sets none: a reply longer than this stops there with finish_reason `length`.
 */
function capInChars(body: ChatRequest): number | undefined {
  const cap = body.max_completion_tokens ?? body.max_tokens;
  return typeof cap === 'number' ? cap * CHARS_PER_TOKEN : undefined;
}

export async function startOpenAiCompatibleServer(
  options: FakeOpenAiOptions = {},
): Promise<FakeOpenAiServer> {
  const realistic = options.latency === 'realistic';
  let firstTokenMs = realistic ? REALISTIC_LATENCY.firstTokenMs : (options.firstTokenMs ?? 0);
  const interTokenMs = realistic ? REALISTIC_LATENCY.interTokenMs : (options.interTokenMs ?? 0);
  const speechFirstByteMs = () => (realistic ? REALISTIC_LATENCY.speechFirstByteMs : firstTokenMs);
  // Real time: a chunk of 16-bit mono PCM lasts its bytes / 2 / rate seconds.
  const interAudioChunkMs = realistic
    ? (AUDIO_CHUNK_BYTES / 2 / SAMPLE_RATE) * 1000
    : (options.interAudioChunkMs ?? 0);
  const requests: SeenRequest[] = [];
  const closedConnections: ClosedConnection[] = [];
  const firstTokenTimes: number[] = [];
  const scripted: ChatBehaviour[] = [];
  let currentFault: ProviderFault | undefined;
  let heldTails: (() => void)[] = [];
  let releases = 0;
  const releaseAudio = () => {
    releases += 1;
    const held = heldTails;
    heldTails = [];
    for (const release of held) release();
  };
  let unclaimedCloses = 0;
  const closeWaiters: ((closed: ClosedConnection) => void)[] = [];
  let sequence = 0;

  /** Tracks whether the client went away before the response was finished, and how far it got. */
  function watch(request: IncomingMessage, response: ServerResponse) {
    const state = { written: 0, gone: false };
    response.on('close', () => {
      if (response.writableFinished) return;
      state.gone = true;
      const closed = { url: request.url ?? '', written: state.written };
      closedConnections.push(closed);
      const waiter = closeWaiters.shift();
      if (waiter) waiter(closed);
      else unclaimedCloses += 1;
    });
    return state;
  }

  /** The behaviour the current fault imposes on a chat request, if any. */
  function faultBehaviour(
    streams: boolean,
  ): ChatBehaviour | { kind: 'hang' } | { kind: 'reset' } | undefined {
    if (!currentFault) return undefined;
    if (currentFault.kind === 'status') return { kind: 'fail', status: currentFault.status };
    if (currentFault.kind === 'hang') return { kind: 'hang' };
    return streams
      ? { kind: 'fail-mid-stream', afterTokens: currentFault.afterChunks, how: 'cut' }
      : { kind: 'reset' };
  }

  async function chatCompletions(request: IncomingMessage, response: ServerResponse, body: ChatRequest) {
    const state = watch(request, response);
    const messages = Array.isArray(body.messages)
      ? (body.messages as { role: string; content: unknown }[])
      : [];
    const model = typeof body.model === 'string' ? body.model : 'fake-model';
    const behaviour = faultBehaviour(body.stream === true) ?? scripted.shift() ?? { kind: 'reply' };
    if (behaviour.kind === 'hang' || behaviour.kind === 'reset') {
      if (behaviour.kind === 'reset') response.socket?.destroy();
      return;
    }
    sequence += 1;
    const id = `chatcmpl-fake${sequence}`;
    const created = Math.floor(Date.now() / 1000);

    await sleep(firstTokenMs);
    if (state.gone) return;
    if (behaviour.kind === 'fail') {
      sendJson(
        response,
        behaviour.status,
        openAiError(
          behaviour.status,
          behaviour.message ?? 'The server had an error while processing your request.',
        ),
      );
      return;
    }
    const content =
      behaviour.kind === 'reply' && behaviour.content !== undefined
        ? behaviour.content
        : defaultTranslation(messages);
    const refusal = behaviour.kind === 'reply' ? behaviour.refusal : undefined;
    const capChars = capInChars(body) ?? Number.POSITIVE_INFINITY;

    if (body.stream !== true) {
      const cut = content.length > capChars;
      sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: refusal === undefined ? content.slice(0, capChars) : null,
              refusal: refusal ?? null,
            },
            logprobs: null,
            finish_reason: cut ? 'length' : 'stop',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
      return;
    }

    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    const tokens =
      behaviour.kind === 'reply' && behaviour.tokens !== undefined
        ? [...behaviour.tokens]
        : tokenise(content);
    const stopAfter = behaviour.kind === 'fail-mid-stream' ? behaviour.afterTokens : Number.POSITIVE_INFINITY;

    response.write(chunk({ role: 'assistant', content: '', refusal: null }, null));
    let streamedChars = 0;
    let cut = false;
    for (const [index, token] of tokens.entries()) {
      if (index >= stopAfter) break;
      streamedChars += token.length;
      if (streamedChars > capChars) {
        cut = true;
        break;
      }
      if (index > 0) await sleep(interTokenMs);
      if (state.gone) return;
      response.write(chunk({ content: token }, null));
      if (state.written === 0) firstTokenTimes.push(performance.now());
      state.written += 1;
    }
    if (behaviour.kind === 'fail-mid-stream') {
      if (behaviour.how === 'cut') {
        // end(), not destroy(): the tokens already written still reach the client, then the chunked body stops short.
        response.socket?.end();
        return;
      }
      response.end(
        `data: ${JSON.stringify(openAiError(500, 'The server had an error while processing your request.'))}\n\n`,
      );
      return;
    }
    response.write(chunk({}, cut ? 'length' : 'stop'));
    response.end('data: [DONE]\n\n');
  }

  const holdsTail = (text: string) =>
    options.holdAudioTail === true && (options.holdAudioTailFor?.test(text) ?? true);

  /** Streams the tone: as a WAV file, or (`raw`) as headerless 16-bit PCM, as OpenAI's `pcm` and Deepgram's linear16 without container are. */
  async function streamAudio(
    request: IncomingMessage,
    response: ServerResponse,
    contentType: string,
    raw = false,
    text = '',
    speed = 1,
  ) {
    const state = watch(request, response);
    const releasesAtStart = releases;
    await sleep(speechFirstByteMs());
    if (state.gone) return;
    const fault = currentFault;
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'status') {
      sendJson(
        response,
        fault.status,
        openAiError(fault.status, 'The server had an error while processing your request.'),
      );
      return;
    }
    const wav = toneWav(
      options.secondsPerCharacter === undefined
        ? options.toneSeconds
        : (text.length * options.secondsPerCharacter) / speed,
    );
    const audio = raw ? wav.subarray(44) : wav;
    response.writeHead(200, { 'content-type': contentType, 'transfer-encoding': 'chunked' });
    for (let offset = 0; offset < audio.length; offset += AUDIO_CHUNK_BYTES) {
      if (offset > 0) await sleep(interAudioChunkMs);
      const atTail = offset + AUDIO_CHUNK_BYTES >= audio.length && offset > 0;
      if (holdsTail(text) && atTail && releases === releasesAtStart) {
        await new Promise<void>((resolve) => heldTails.push(resolve));
      }
      if (state.gone) return;
      if (fault?.kind === 'cut' && state.written >= fault.afterChunks) {
        // The chunked body stops short: what a provider's dropped connection looks like mid-audio.
        response.socket?.destroy();
        return;
      }
      response.write(audio.subarray(offset, offset + AUDIO_CHUNK_BYTES));
      state.written += 1;
    }
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readJson(request);
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    const { pathname } = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && pathname === '/v1/chat/completions') {
      if (typeof body !== 'object' || body === null) {
        sendJson(response, 400, openAiError(400, 'We could not parse the JSON body of your request.'));
        return;
      }
      await chatCompletions(request, response, body as ChatRequest);
      return;
    }
    if (request.method === 'POST' && pathname === '/v1/audio/speech') {
      const input = (body as { input?: unknown } | undefined)?.input;
      if (typeof input !== 'string' || input.length === 0) {
        sendJson(response, 400, openAiError(400, "Missing required parameter: 'input'."));
        return;
      }
      const requested = (body as { speed?: unknown }).speed;
      const speed = typeof requested === 'number' ? requested : 1;
      // OpenAI's `pcm` is headerless 24 kHz PCM; for any other format this answers WAV, labelled as such.
      if ((body as { response_format?: unknown }).response_format === 'pcm') {
        await streamAudio(request, response, 'audio/pcm', true, input, speed);
      } else {
        await streamAudio(request, response, 'audio/wav', false, input, speed);
      }
      return;
    }
    if (request.method === 'POST' && pathname === '/v1/speak') {
      const text = (body as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string' || text.length === 0) {
        // Deepgram's error body.
        sendJson(response, 400, { err_code: 'Bad Request', err_msg: 'Missing text', request_id: 'fake' });
        return;
      }
      const query = new URL(request.url ?? '/', 'http://fake').searchParams;
      const speed = Number(query.get('speed') ?? 1) || 1;
      if (query.get('encoding') === 'linear16' && query.get('container') === 'none') {
        await streamAudio(request, response, 'application/octet-stream', true, text, speed);
      } else {
        await streamAudio(request, response, 'audio/wav', false, text, speed);
      }
      return;
    }
    if (request.method === 'POST' && pathname === '/__release-audio') {
      releaseAudio();
      sendJson(response, 200, { released: true });
      return;
    }
    sendJson(response, 404, openAiError(404, `Unknown request URL: ${request.method} ${pathname}.`));
  }

  const server = await startTestServer({
    handle: (request, response) => {
      handle(request, response).catch(() => response.destroy());
    },
    port: options.port,
    host: options.host,
  });

  return {
    url: server.url,
    requests,
    closedConnections,
    firstTokenTimes,
    script: (...behaviours) => scripted.push(...behaviours),
    fault: (fault) => {
      currentFault = fault;
    },
    releaseAudio,
    setFirstTokenMs(ms) {
      firstTokenMs = ms;
    },
    nextClientClose() {
      if (unclaimedCloses > 0) {
        unclaimedCloses -= 1;
        return Promise.resolve(closedConnections[closedConnections.length - 1 - unclaimedCloses]!);
      }
      return new Promise((resolve) => closeWaiters.push(resolve));
    },
    close: server.close,
  };
}

// --- CLI: `npx tsx lambdas/testing/openai-compatible-server.ts --port N --first-token-ms M` ---------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'first-token-ms': { type: 'string', default: '0' },
      'inter-token-ms': { type: 'string', default: '0' },
      'inter-audio-chunk-ms': { type: 'string', default: '0' },
      'hold-audio-tail': { type: 'boolean', default: false },
      'hold-audio-tail-for': { type: 'string' },
      'tone-seconds': { type: 'string', default: '0.4' },
      'seconds-per-character': { type: 'string' },
    },
  });
  const server = await startOpenAiCompatibleServer({
    port: Number(values.port),
    host: values.host,
    firstTokenMs: Number(values['first-token-ms']),
    interTokenMs: Number(values['inter-token-ms']),
    interAudioChunkMs: Number(values['inter-audio-chunk-ms']),
    holdAudioTail: values['hold-audio-tail'],
    holdAudioTailFor:
      values['hold-audio-tail-for'] === undefined ? undefined : new RegExp(values['hold-audio-tail-for']),
    latency: providerLatency(process.env),
    toneSeconds: Number(values['tone-seconds']),
    secondsPerCharacter:
      values['seconds-per-character'] === undefined ? undefined : Number(values['seconds-per-character']),
  });
  serveUntilStopped('openai-compatible server', server);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  void main();
}
