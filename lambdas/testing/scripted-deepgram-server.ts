import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  CLOSE,
  CLOSE_REASON,
  LISTEN_PATH,
  parseClientControl,
  type MetadataMessage,
  type ResultsMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { SPEECH_MODEL, SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';
import { answerJson } from './json-api-fault';
import { toneWav, type ProviderFault } from './openai-compatible-server';
import { serveUntilStopped } from './serve-until-stopped';
import { startTestServer } from './test-server';

// A protocol-faithful Deepgram-style server for tests and benches: the key API the Lambda calls
// (GET /v1/projects, POST /v1/projects/{id}/keys) and the live socket (/v1/listen) the browser opens with the
// temporary key. The socket does not recognise speech: it replays a script of phrases, each released once enough
// audio has arrived since the previous one, as Results with nova-3 multilingual's `languages` on the alternative
// and `language` on each word. Muted audio (KeepAlive only) releases nothing, as with the real service.
// Nothing here is imported by a Lambda; e2e specs and benches spawn it through the CLI at the bottom.

export interface ScriptedPhrase {
  readonly text: string;
  /** BCP-47 base code the recogniser "detected"; omitted, the Results carry no language, as Deepgram may do. */
  readonly language?: string;
  /** Seconds of received audio (linear16 mono at SPEECH_SAMPLE_RATE_HZ) after the previous phrase. */
  readonly afterAudioSeconds: number;
}

export interface ScriptedDeepgramServer {
  /** The HTTP origin: DEEPGRAM_API_URL. */
  readonly url: string;
  /** The socket address: DEEPGRAM_LISTEN_URL. */
  readonly listenUrl: string;
  /** Sets the fault every key API request meets from now on (json-api-fault.ts); undefined clears it. */
  fault(fault: ProviderFault | undefined): void;
  /** Key API requests received (GET /v1/projects and POST .../keys), faulted ones included. */
  readonly keyApiRequests: number;
  close(): Promise<void>;
}

const PROJECT_ID = 'scripted-project';
const BYTES_PER_SECOND = SPEECH_SAMPLE_RATE_HZ * 2;
const MODEL_INFO = { name: `2-general-${SPEECH_MODEL}`, version: '2025-01-01.0', arch: SPEECH_MODEL };

/** Deepgram's error body. */
const deepgramError = (status: number) => ({
  err_code: status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
  err_msg: 'Scripted failure',
  request_id: randomUUID(),
});

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
}): Promise<ScriptedDeepgramServer> {
  const host = options.host ?? '127.0.0.1';
  const issuedKeys = new Set<string>();
  let currentFault: ProviderFault | undefined;
  let keyApiRequests = 0;

  function sendJson(response: ServerResponse, status: number, body: unknown): void {
    answerJson(response, currentFault, { status, body: JSON.stringify(body) }, deepgramError);
  }

  function authorised(request: IncomingMessage): boolean {
    return /^Token \S+$/.test(request.headers.authorization ?? '');
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    keyApiRequests += 1;
    if (!authorised(request)) return sendJson(response, 401, { err_code: 'INVALID_AUTH' });
    if (request.method === 'GET' && pathname === '/v1/projects') {
      return sendJson(response, 200, { projects: [{ project_id: PROJECT_ID, name: 'Scripted' }] });
    }
    if (request.method === 'POST' && pathname === `/v1/projects/${PROJECT_ID}/keys`) {
      const key = `scripted-${randomUUID()}`;
      issuedKeys.add(key);
      return sendJson(response, 200, {
        api_key_id: randomUUID(),
        key,
        comment: 'scripted',
        scopes: ['usage:write'],
        created: new Date().toISOString(),
      });
    }
    if (request.method === 'POST' && pathname === '/v1/speak') {
      // Aura's answer as the speaker asks for it (linear16, no container): a short tone, whatever the text, so
      // a local cloud whose Deepgram is this server speaks English and Spanish too.
      request.resume();
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(toneWav().subarray(44));
      return;
    }
    sendJson(response, 404, { err_code: 'NOT_FOUND', err_msg: `${request.method} ${pathname}` });
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
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const offered = (request.headers['sec-websocket-protocol'] ?? '')
          .split(',')
          .map((part) => part.trim());
        const key = offered[0] === 'token' ? offered[1] : undefined;
        if (key === undefined || !issuedKeys.has(key))
          return ws.close(CLOSE.policyViolation, CLOSE_REASON.invalidAuth);
        replay(ws);
      });
    },
  });
  return {
    url: server.url,
    listenUrl: `ws://${host}:${server.port}${LISTEN_PATH}`,
    fault: (fault) => {
      currentFault = fault;
    },
    get keyApiRequests() {
      return keyApiRequests;
    },
    close: () => {
      for (const client of sockets.clients) client.terminate();
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
      'from-first-speech': { type: 'boolean', default: false },
    },
  });
  const server = await startScriptedDeepgramServer({
    port: Number(values.port),
    host: values.host,
    script: JSON.parse(values.script) as ScriptedPhrase[],
    fromFirstSpeech: values['from-first-speech'],
  });
  serveUntilStopped('scripted deepgram server', server);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  void main();
}
