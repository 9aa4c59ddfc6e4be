import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CLOSE, CLOSE_REASON, LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import { providerLatency, REALISTIC_LATENCY } from '@wayfarer/shared/api/provider-latency';
import { parseListenQuery } from './listen-query';
import { DeepgramLiveSession, type LiveSessionSettings } from './live-session';
import { sharedSpeechEngine, type SpeechEngine } from './speech-engine';

export interface SpeechSocketOptions {
  /**
   * Decides whether a speech key (from GET /api/deepgram/key) may open a socket. Required on purpose: the local
   * socket must never fall back to accepting any key. Called once per connection with the key the client sent.
   */
  verifyKey(key: string): Promise<boolean>;
  /**
   * Told, once, how long a session on an accepted key ran (wall-clock seconds from accept to close): the local
   * cloud charges the key's lease at least that (docs/DESIGN.md, Abuse and limits), whatever the client reports.
   */
  onSessionEnd?(key: string, seconds: number): void;
  /** Defaults to the process-wide embedded engine, whose model loading starts when the socket is created. */
  engine?: SpeechEngine;
  /** Segmenter overrides, for tests (e.g. a short idle timeout). */
  settings?: Partial<LiveSessionSettings>;
  /** Largest single WebSocket frame accepted; larger frames close the socket with 1009. */
  maxFrameBytes?: number;
  /**
   * Deepgram's final delay (issue 25's latency model): a message leaves this long after the audio it answers
   * was taken in, and never before the engine has it, so the local engine's own decode counts inside the
   * delay, not on top of it (in production Moonshine does not run; Deepgram's own work is its delay). The close
   * is delayed alike. Default: REALISTIC_LATENCY.sttFinalDelayMs with PROVIDER_LATENCY=realistic, else none.
   */
  messageDelayMs?: number;
}

export interface SpeechSocket {
  readonly path: typeof LISTEN_PATH;
  /**
   * For the gateway's `server.on('upgrade')`. Returns false, touching nothing, when the request is not for
   * LISTEN_PATH. Credentials and parameters are checked after the upgrade so that a browser learns why through
   * the close code and reason (a refused handshake only shows it 1006).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes open sockets (1001). The engine is left running: it is shared by the whole process. */
  close(): Promise<void>;
}

/** A quarter-second chunk is 8 KB; a minute of audio in one frame is already far beyond any real client. */
const DEFAULT_MAX_FRAME_BYTES = 2 * 1024 * 1024;
const GOING_AWAY = 1001;

/**
 * The local cloud's speech-to-text socket: Deepgram's live protocol (`/v1/listen`) over the embedded Moonshine
 * engine. The key travels as the subprotocol pair `token, <key>` (browsers), or an `Authorization: Token <key>`
 * header (server-side clients), exactly as with Deepgram.
 */
export function createSpeechSocket(options: SpeechSocketOptions): SpeechSocket {
  const engine = options.engine ?? sharedSpeechEngine();
  // Load the model now, off the request path; a failure surfaces on the first socket as NET-0000.
  engine.ready().catch(() => undefined);
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
    // Deepgram answers the `token` scheme; the key itself must not be echoed back.
    handleProtocols: (protocols) =>
      protocols.has('token') ? 'token' : protocols.has('bearer') ? 'bearer' : false,
  });

  const delayMs =
    options.messageDelayMs ??
    (providerLatency(process.env) === 'realistic' ? REALISTIC_LATENCY.sttFinalDelayMs : 0);

  function accept(ws: WebSocket, request: IncomingMessage): void {
    const later = delayedDelivery(delayMs);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = keyFrom(request);
    // Frames that arrive while the key is being checked are kept and replayed in order.
    const early: { data: RawData; isBinary: boolean }[] = [];
    let session: DeepgramLiveSession | undefined;
    let acceptedAt: number | undefined;
    const ended = () => {
      if (acceptedAt === undefined || key === null) return;
      const seconds = (Date.now() - acceptedAt) / 1000;
      acceptedAt = undefined;
      options.onSessionEnd?.(key, seconds);
    };
    const deliver = (data: RawData, isBinary: boolean) => {
      if (!session) return;
      if (isBinary) session.audio(toBytes(data));
      else session.control(toBytes(data).toString());
    };
    ws.on('message', (data, isBinary) =>
      session ? deliver(data, isBinary) : early.push({ data, isBinary }),
    );
    ws.on('close', () => {
      session?.abort();
      ended();
    });
    ws.on('error', () => session?.abort());

    void (async () => {
      const valid = key !== null && key.length > 0 && (await options.verifyKey(key).catch(() => false));
      if (ws.readyState !== ws.OPEN) return;
      if (!valid) return ws.close(CLOSE.policyViolation, CLOSE_REASON.invalidAuth);
      acceptedAt = Date.now();
      const query = parseListenQuery(url.searchParams);
      if (!query.ok) return ws.close(CLOSE.policyViolation, query.reason.slice(0, 120));
      session = new DeepgramLiveSession(
        engine,
        query.options,
        {
          send: (message, heardAt) =>
            later(heardAt, () => {
              if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
            }),
          close: (code, reason) =>
            later(Date.now(), () => {
              if (ws.readyState === ws.OPEN) ws.close(code, reason);
            }),
        },
        options.settings,
      );
      for (const frame of early.splice(0)) deliver(frame.data, frame.isBinary);
    })();
  }

  return {
    path: LISTEN_PATH,
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== LISTEN_PATH) return false;
      server.handleUpgrade(request, socket, head, (ws) => accept(ws, request));
      return true;
    },
    async close() {
      for (const client of server.clients) client.close(GOING_AWAY, 'Server shutting down');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function keyFrom(request: IncomingMessage): string | null {
  const protocols = (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const scheme = protocols.findIndex((part) => part === 'token' || part === 'bearer');
  if (scheme >= 0 && protocols[scheme + 1]) return protocols[scheme + 1]!;
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function toBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * The modelled provider delay for one socket: `later(heardAt, action)` runs `action` `delayMs` after `heardAt`,
 * or at once when that is past, and never before an action handed in earlier (messages keep their order).
 */
export function delayedDelivery(delayMs: number): (heardAt: number, action: () => void) => void {
  let outgoing = Promise.resolve();
  const until = (due: number) =>
    due <= Date.now() ? undefined : new Promise<void>((resolve) => setTimeout(resolve, due - Date.now()));
  return (heardAt, action) => {
    if (delayMs <= 0) return action();
    outgoing = outgoing.then(() => until(heardAt + delayMs)).then(action);
  };
}
