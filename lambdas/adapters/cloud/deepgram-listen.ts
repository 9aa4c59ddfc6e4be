import { WebSocket, type RawData } from 'ws';
import { CLOSE, CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { SPEECH_BYTES_PER_SECOND, SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import type { ListenDownstream, ListenUpstream, SpeechRecognizer } from '../../ports/speech';

/** Deepgram's live transcription socket, which only the relay opens, with the server's key. */
export const DEEPGRAM_LISTEN_URL = 'wss://api.deepgram.com/v1/listen';

/** How long Deepgram has to accept the socket before the stream ends as failed (it answers in well under 1 s). */
export const DEEPGRAM_HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * What the adapter keeps for Deepgram while its socket opens: all the relay may forward meanwhile, audio up to
 * aheadOfRealTimeSeconds past the time since the session opened (a reconnecting browser sends the 10 s it kept at
 * once, then speech at real time), for as long as the handshake may take. The relay bounds it; this is the backstop.
 */
const MAX_PENDING_BYTES =
  (SPEECH_RELAY_LIMITS.aheadOfRealTimeSeconds + DEEPGRAM_HANDSHAKE_TIMEOUT_MS / 1000) *
  SPEECH_BYTES_PER_SECOND;

/** Close codes a server may send on (RFC 6455 §7.4): others (1005, 1006, 1015) are only ever observed. */
export const isSendableCloseCode = (code: number): boolean =>
  (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);

export interface DeepgramListenOptions {
  readonly apiKey: string;
  /** DEEPGRAM_LISTEN_URL unless set (the scripted Deepgram server in tests). */
  readonly listenUrl?: string;
  /** DEEPGRAM_HANDSHAKE_TIMEOUT_MS unless set (tests shorten it). */
  readonly handshakeTimeoutMs?: number;
  /** Told of each stream the provider refused or broke (the relay counts them: RelayProviderErrors). */
  readonly onProviderError?: (detail: { readonly status?: number; readonly code?: number }) => void;
}

/**
 * Speech to text through Deepgram's live socket: one provider socket per relayed stream, opened with the server's
 * key in an Authorization header (never a browser's to see), fed the relay's audio and control messages, and its
 * messages passed back unchanged.
 */
export function createDeepgramListen(options: DeepgramListenOptions): SpeechRecognizer {
  return {
    open(query, downstream) {
      return openProviderStream(options, query, downstream);
    },
    ready: () => Promise.resolve(),
  };
}

function openProviderStream(
  options: DeepgramListenOptions,
  query: URLSearchParams,
  downstream: ListenDownstream,
): ListenUpstream {
  const url = new URL(options.listenUrl ?? DEEPGRAM_LISTEN_URL);
  url.search = query.toString();
  const socket = new WebSocket(url, {
    headers: { Authorization: `Token ${options.apiKey}` },
    handshakeTimeout: options.handshakeTimeoutMs ?? DEEPGRAM_HANDSHAKE_TIMEOUT_MS,
  });
  const pending: (Buffer | string)[] = [];
  let pendingBytes = 0;
  let ended = false;

  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    downstream.closed(code, reason);
  };
  const send = (data: Buffer | string) => {
    if (ended) return;
    if (socket.readyState === WebSocket.OPEN) return socket.send(data);
    if (socket.readyState !== WebSocket.CONNECTING) return;
    pending.push(data);
    pendingBytes += data.length;
    if (pendingBytes > MAX_PENDING_BYTES) {
      options.onProviderError?.({});
      socket.terminate();
      end(CLOSE.internalError, CLOSE_REASON.internal);
    }
  };

  socket.on('open', () => {
    for (const data of pending.splice(0)) socket.send(data);
    pendingBytes = 0;
  });
  socket.on('message', (data: RawData, isBinary) => {
    if (!ended && !isBinary) downstream.message(textOf(data));
  });
  // A refused handshake (401 for a bad key, 429 over the project's concurrency, 5xx): the browser must not
  // learn the provider's words, only that the service failed.
  socket.on('unexpected-response', (_request, response) => {
    options.onProviderError?.({ status: response.statusCode });
    response.resume();
    socket.terminate();
    end(CLOSE.internalError, CLOSE_REASON.internal);
  });
  socket.on('error', () => {
    // A close event follows; a connection that never opened ends here.
    if (socket.readyState !== WebSocket.CLOSED && socket.readyState !== WebSocket.CLOSING) return;
    options.onProviderError?.({});
    end(CLOSE.internalError, CLOSE_REASON.internal);
  });
  socket.on('close', (code, reason) => {
    if (code !== CLOSE.normal) options.onProviderError?.({ code });
    end(isSendableCloseCode(code) ? code : CLOSE.internalError, reason.toString().slice(0, 120));
  });

  return {
    audio: (chunk) => send(chunk),
    control: (text) => send(text),
    abort() {
      ended = true;
      pending.length = 0;
      if (socket.readyState === WebSocket.OPEN) socket.close(CLOSE.normal);
      else socket.terminate();
    },
  };
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
