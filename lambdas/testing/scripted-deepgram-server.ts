import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { parseArgs } from 'node:util';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  CLOSE,
  LISTEN_PATH,
  parseClientControl,
  type MetadataMessage,
  type ResultsMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { SPEECH_MODEL, SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';
import { toneWav, type ProviderFault } from './openai-compatible-server';
import { serveUntilStopped } from './serve-until-stopped';
import { startTestServer } from './test-server';

// A protocol-faithful Deepgram-style server for tests and benches: the live socket (/v1/listen), which only our
// speech relay opens, with the server's key in an `Authorization: Token <key>` header, as Deepgram's own
// server-side clients do, and Aura's /v1/speak for the text-to-speech area.
// It does not recognise speech: it replays a script of phrases, each released once enough audio has arrived since
// the previous one, as Results with nova-3 multilingual's `languages` on the alternative and `language` on each
// word. Muted audio (KeepAlive only) releases nothing, as with the real service. Nothing here is imported by a
// Lambda; e2e specs and benches spawn it through the CLI at the bottom.

/** The key the scripted server accepts unless told another: what a test sets as DEEPGRAM_API_KEY. */
export const SCRIPTED_DEEPGRAM_KEY = 'scripted-deepgram-server-key';

export interface ScriptedPhrase {
  readonly text: string;
  /** BCP-47 base code the recogniser "detected"; omitted, the Results carry no language, as Deepgram may do. */
  readonly language?: string;
  /** Seconds of received audio (linear16 mono at SPEECH_SAMPLE_RATE_HZ) after the previous phrase. */
  readonly afterAudioSeconds: number;
}

export interface ScriptedDeepgramServer {
  /** The HTTP origin it listens on. */
  readonly url: string;
  /** The socket address: DEEPGRAM_LISTEN_URL. */
  readonly listenUrl: string;
  /**
   * Sets the fault every socket handshake meets from now on: a status refuses the upgrade with it, a hang never
   * answers it; undefined clears it.
   */
  fault(fault: Extract<ProviderFault, { kind: 'status' | 'hang' }> | undefined): void;
  /**
   * Holds every socket handshake from now on unanswered, as a slow provider does, until the returned function
   * answers them all and stops holding.
   */
  holdHandshakes(): () => void;
  /** The key each handshake carried, in order (the Authorization header's or the token subprotocol's). */
  readonly keysSeen: readonly string[];
  /** The raw request headers of each handshake, in order. */
  readonly handshakes: readonly IncomingMessage['headers'][];
  close(): Promise<void>;
}

const BYTES_PER_SECOND = SPEECH_SAMPLE_RATE_HZ * 2;
const MODEL_INFO = { name: `2-general-${SPEECH_MODEL}`, version: '2025-01-01.0', arch: SPEECH_MODEL };

function results(
  phrase: ScriptedPhrase,
  text: string,
  start: number,
  isFinal: boolean,
  requestId: string,
): ResultsMessage & { channel: { alternatives: { languages?: string[] }[] } } {
  const words = text.split(/\s+/).filter(Boolean);
  const duration = Math.max(0.5, words.length * 0.4);
  return {
    type: 'Results',
    channel_index: [0, 1],
    duration,
    start,
    is_final: isFinal,
    speech_final: isFinal,
    from_finalize: false,
    channel: {
      alternatives: [
        {
          transcript: text,
          confidence: 0.97,
          ...(phrase.language === undefined ? {} : { languages: [phrase.language] }),
          words: words.map((word, index) => ({
            word: word.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, ''),
            start: start + index * 0.4,
            end: start + (index + 1) * 0.4,
            confidence: 0.97,
            punctuated_word: word,
            ...(phrase.language === undefined ? {} : { language: phrase.language }),
          })),
        },
      ],
    },
    metadata: { request_id: requestId, model_info: MODEL_INFO, model_uuid: randomUUID() },
  };
}

/** A sample this loud (2% of full scale, as frontend/e2e/support/speech-end.ts) is speech, not silence. */
const SPEECH_LEVEL = Math.round(0.02 * 0x8000);

function hasSpeech(data: RawData): boolean {
  const parts = Array.isArray(data) ? data : [Buffer.isBuffer(data) ? data : Buffer.from(data)];
  return parts.some((part) => {
    for (let offset = 0; offset + 1 < part.length; offset += 2) {
      if (Math.abs(part.readInt16LE(offset)) >= SPEECH_LEVEL) return true;
    }
    return false;
  });
}

export async function startScriptedDeepgramServer(options: {
  readonly script: readonly ScriptedPhrase[];
  /**
   * Count audio only from the first sample loud enough to be speech: a microphone that sends silence hears
   * nothing, as with the real service (the e2e suite's second local cloud, where a spec records silence).
   * Default false: every byte counts.
   */
  readonly fromFirstSpeech?: boolean;
  readonly port?: number;
  readonly host?: string;
  /** The one key it accepts; SCRIPTED_DEEPGRAM_KEY unless set. */
  readonly apiKey?: string;
}): Promise<ScriptedDeepgramServer> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? SCRIPTED_DEEPGRAM_KEY;
  let currentFault: Extract<ProviderFault, { kind: 'status' | 'hang' }> | undefined;
  const keysSeen: string[] = [];
  const handshakes: IncomingMessage['headers'][] = [];
  /** Handshakes a hang fault left unanswered: cut when the server closes. */
  const hung = new Set<Duplex>();
  /** Handshakes waiting for holdHandshakes' release, answered then. */
  let held: (() => void)[] | undefined;

  /** The key a handshake carries, where Deepgram reads it: the Authorization header, or the token subprotocol. */
  function keyOf(request: IncomingMessage): string | undefined {
    const header = /^Token (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (header) return header;
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((part) => part.trim());
    return offered[0] === 'token' ? offered[1] : undefined;
  }

  /** Deepgram's REST API as the app uses it: Aura's speech synthesis (DEEPGRAM_API_URL), for the server key only. */
  function handle(request: IncomingMessage, response: ServerResponse): void {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    request.resume();
    if (request.headers.authorization !== `Token ${apiKey}`) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ err_code: 'INVALID_AUTH' }));
      return;
    }
    if (request.method === 'POST' && pathname === '/v1/speak') {
      // Aura's answer as the speaker asks for it (linear16, no container): a short tone, whatever the text, so
      // a local cloud whose Deepgram is this server speaks English and Spanish too.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(toneWav().subarray(44));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ err_code: 'NOT_FOUND', err_msg: `${request.method} ${pathname}` }));
  }

  function replay(ws: WebSocket): void {
    const requestId = randomUUID();
    let next = 0;
    let bytesSincePhrase = 0;
    let totalBytes = 0;
    let heardSpeech = options.fromFirstSpeech !== true;
    ws.on('message', (data: RawData, isBinary) => {
      if (!isBinary) {
        const control = parseClientControl(data.toString());
        if (control?.type !== 'CloseStream') return;
        const metadata: MetadataMessage = {
          type: 'Metadata',
          transaction_key: 'deprecated',
          request_id: requestId,
          sha256: '',
          created: new Date().toISOString(),
          duration: totalBytes / BYTES_PER_SECOND,
          channels: 1,
          models: [randomUUID()],
          model_info: {},
        };
        ws.send(JSON.stringify(metadata));
        ws.close(CLOSE.normal);
        return;
      }
      if (!heardSpeech && !(heardSpeech = hasSpeech(data))) return;
      const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
      bytesSincePhrase += size;
      totalBytes += size;
      const phrase = options.script[next];
      if (!phrase || bytesSincePhrase < phrase.afterAudioSeconds * BYTES_PER_SECOND) return;
      next += 1;
      bytesSincePhrase = 0;
      const start = totalBytes / BYTES_PER_SECOND;
      const words = phrase.text.split(/\s+/);
      const half = words.slice(0, Math.ceil(words.length / 2)).join(' ');
      ws.send(JSON.stringify(results(phrase, half, start, false, requestId)));
      ws.send(JSON.stringify(results(phrase, phrase.text, start, true, requestId)));
    });
  }

  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('token') ? 'token' : false),
  });
  const server = await startTestServer({
    handle,
    port: options.port,
    host,
    onUpgrade: (request, socket, head) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== LISTEN_PATH) return socket.destroy();
      handshakes.push(request.headers);
      const key = keyOf(request);
      if (key !== undefined) keysSeen.push(key);
      if (currentFault?.kind === 'hang') {
        hung.add(socket);
        socket.on('close', () => hung.delete(socket));
        return;
      }
      if (currentFault?.kind === 'status') {
        socket.end(
          `HTTP/1.1 ${currentFault.status} Scripted failure\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
        );
        return;
      }
      // Deepgram refuses a wrong key at the handshake, with 401.
      if (key !== apiKey) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const answer = () => sockets.handleUpgrade(request, socket, head, (ws) => replay(ws));
      if (held) held.push(answer);
      else answer();
    },
  });
  return {
    url: server.url,
    listenUrl: `ws://${host}:${server.port}${LISTEN_PATH}`,
    fault: (fault) => {
      currentFault = fault;
    },
    holdHandshakes: () => {
      const waiting: (() => void)[] = (held ??= []);
      return () => {
        if (held === waiting) held = undefined;
        for (const answer of waiting.splice(0)) answer();
      };
    },
    keysSeen,
    handshakes,
    close: () => {
      for (const client of sockets.clients) client.terminate();
      for (const socket of hung) socket.destroy();
      return server.close();
    },
  };
}

// --- CLI: `npx tsx lambdas/testing/scripted-deepgram-server.ts --script '[{"text":…,"language":"en",…}]'` -----

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      script: { type: 'string', default: '[]' },
      key: { type: 'string', default: SCRIPTED_DEEPGRAM_KEY },
      'from-first-speech': { type: 'boolean', default: false },
    },
  });
  const server = await startScriptedDeepgramServer({
    port: Number(values.port),
    host: values.host,
    script: JSON.parse(values.script) as ScriptedPhrase[],
    apiKey: values.key,
    fromFirstSpeech: values['from-first-speech'],
  });
  serveUntilStopped('scripted deepgram server', server);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  void main();
}
