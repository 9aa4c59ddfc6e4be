import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
import type { ProviderFault } from './openai-compatible-server';
import { serveUntilStopped } from './serve-until-stopped';
import { startTestServer } from './test-server';

// A protocol-faithful Deepgram-style live socket (/v1/listen) for tests and benches, which only our speech relay
// opens, with the server's key in an `Authorization: Token <key>` header, as Deepgram's own server-side clients do.
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

export async function startScriptedDeepgramServer(options: {
  readonly script: readonly ScriptedPhrase[];
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

  /** The key a handshake carries, where Deepgram reads it: the Authorization header, or the token subprotocol. */
  function keyOf(request: IncomingMessage): string | undefined {
    const header = /^Token (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (header) return header;
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((part) => part.trim());
    return offered[0] === 'token' ? offered[1] : undefined;
  }

  function replay(ws: WebSocket): void {
    const requestId = randomUUID();
    let next = 0;
    let bytesSincePhrase = 0;
    let totalBytes = 0;
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
      sockets.handleUpgrade(request, socket, head, (ws) => replay(ws));
    },
  });
  return {
    url: server.url,
    listenUrl: `ws://${host}:${server.port}${LISTEN_PATH}`,
    fault: (fault) => {
      currentFault = fault;
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
    },
  });
  const server = await startScriptedDeepgramServer({
    port: Number(values.port),
    host: values.host,
    script: JSON.parse(values.script) as ScriptedPhrase[],
    apiKey: values.key,
  });
  serveUntilStopped('scripted deepgram server', server);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  void main();
}
