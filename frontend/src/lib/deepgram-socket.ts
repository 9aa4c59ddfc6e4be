import {
  CLOSE,
  isEagerEndOfTurn,
  LISTEN_PATH,
  parseAllowance,
  type ClientControlType,
  type ResultsMessage,
} from '@wayfarer/shared/api/speech-protocol';
import {
  AUDIO_CHUNK_INTERVAL_MS,
  SPEECH_SAMPLE_RATE_HZ,
  SPEECH_SOCKET_QUERY,
} from '@wayfarer/shared/constants';

/** One transcript result of Deepgram's live protocol, reduced to what the conversation needs. */
export interface TranscriptResult {
  readonly text: string;
  /** The text of this stretch of audio will not change any more. */
  readonly isFinal: boolean;
  /** The speaker paused (endpointing): the phrase is complete. */
  readonly speechFinal: boolean;
  /**
   * A final's last word ended when its audio was handed to the socket at this page time (performance.now()): where
   * the spoken lag of its translation counts from (docs/SPEC.md §4 Spoken lag). Absent without words.
   */
  readonly heardEndAt?: number;
  /**
   * An interim whose audio runs on EAGER_END_OF_TURN_SILENCE_SECONDS or more past its last word: the speaker
   * has paused, and the final will likely say the same (an eager end of turn).
   */
  readonly eagerEndOfTurn?: boolean;
  /**
   * The language nova-3 multilingual (`language=multi`) heard: `languages` on the alternative, else the words'
   * `language`. Deepgram may leave both out; so does the embedded recogniser.
   */
  readonly language?: string;
}

export interface SocketFailure {
  readonly code: number;
  readonly reason: string;
}

/** The part of the browser's WebSocket the client uses; tests pass a fake. */
export interface WebSocketLike {
  binaryType: BinaryType;
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
}

export interface DeepgramSocketOptions {
  /** The speech relay's address (relaySocketUrl). */
  readonly url: string;
  /** The single-use ticket from POST /api/speech/ticket. */
  readonly key: string;
  readonly onTranscript: (result: TranscriptResult) => void;
  /** The relay's Allowance message: seconds of speech left today, null for a subscriber. */
  readonly onAllowance?: (secondsLeft: number | null) => void;
  /**
   * The WebSocket opened: audio flows from here on. The relay checks the ticket after this (a refusal is a close), so
   * its first Allowance message, not this, says the socket was accepted.
   */
  readonly onOpen?: () => void;
  /**
   * The socket closed without our finish() or close(): refused, or dropped (1006 when the network went). The
   * client never reopens it: a new socket needs a fresh ticket, which is the voice session's to take.
   */
  readonly onFailure: (failure: SocketFailure) => void;
  readonly createSocket?: (url: string, protocols: string[]) => WebSocketLike;
  readonly keepAliveIntervalMs?: number;
  readonly closeTimeoutMs?: number;
}

export interface DeepgramSocket {
  sendAudio(pcm: ArrayBuffer): void;
  /** While muted no audio is sent; KeepAlive messages hold the socket open instead. */
  setMuted(muted: boolean): void;
  /**
   * Sends Finalize (the server decodes what it holds at once) and CloseStream, then waits (bounded) for the
   * server to close: the last results still reach onTranscript meanwhile.
   */
  finish(): Promise<void>;
  /** Closes at once. */
  close(): void;
}

const OPEN = 1;
/** Deepgram closes a socket that hears nothing for 10 s; it recommends a KeepAlive every 3-5 s. */
const DEFAULT_KEEP_ALIVE_MS = 4000;
const DEFAULT_CLOSE_TIMEOUT_MS = 3000;
/**
 * Audio kept while connecting: 10 s of chunks, older ones dropped first. Counted in time, not chunks: at 50 ms
 * a chunk, a fixed 40 kept only 2 s, and the first words of a slow start, or of a reconnect that hands its
 * buffered audio to the new socket before it opens, were lost.
 */
const MAX_PENDING_CHUNKS = 10_000 / AUDIO_CHUNK_INTERVAL_MS;
/** Chunks whose hand-in time is kept: a final's last word is never a minute old. */
const HANDED_IN_KEPT = 60_000 / AUDIO_CHUNK_INTERVAL_MS;

/** Our speech relay on the page's own origin (`/v1/listen`, ws: or wss: as the page). */
export function relaySocketUrl(page: { readonly href: string }): string {
  const url = new URL(LISTEN_PATH, page.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function speechSocketUrl(base: string): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(SPEECH_SOCKET_QUERY)) url.searchParams.set(name, value);
  return url.toString();
}

const browserSocket = (url: string, protocols: string[]): WebSocketLike => new WebSocket(url, protocols);

/**
 * A client for Deepgram's live transcription protocol (`/v1/listen`), as our speech relay speaks it. The ticket
 * travels as the WebSocket subprotocol pair `token, <ticket>`, as browsers cannot set headers. A dropped socket is
 * not reopened here: a ticket opens one socket only, so the voice session reconnects with a fresh ticket
 * (docs/SPEC.md §4, Connection lost).
 */
export function openDeepgramSocket(options: DeepgramSocketOptions): DeepgramSocket {
  const createSocket = options.createSocket ?? browserSocket;
  const keepAliveMs = options.keepAliveIntervalMs ?? DEFAULT_KEEP_ALIVE_MS;
  const url = speechSocketUrl(options.url);
  const pending: ArrayBuffer[] = [];
  /** When each recent chunk was handed in, and the stream's samples up to its end: Deepgram's clock to the page's. */
  const handedIn: { endSample: number; at: number }[] = [];
  let samplesHandedIn = 0;
  let socket: WebSocketLike;
  let closing = false;
  let muted = false;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let closed: (() => void) | undefined;

  function connect(): void {
    socket = createSocket(url, ['token', options.key]);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      for (const chunk of pending.splice(0)) socket.send(chunk);
      if (muted) startKeepAlive();
      options.onOpen?.();
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const parsed = parseResult(event.data);
      if (parsed) return options.onTranscript(withHeardEnd(parsed.result, parsed.lastWordEnd));
      const allowance = parseAllowance(event.data);
      if (allowance) options.onAllowance?.(allowance.secondsLeft);
    };
    socket.onerror = () => {
      // A close event always follows; the decision is taken there.
    };
    socket.onclose = (event) => {
      stopKeepAlive();
      if (closing) return closed?.();
      closing = true;
      pending.length = 0;
      options.onFailure({ code: event.code, reason: event.reason });
    };
  }

  function startKeepAlive(): void {
    stopKeepAlive();
    sendControl('KeepAlive');
    keepAlive = setInterval(() => sendControl('KeepAlive'), keepAliveMs);
  }

  function stopKeepAlive(): void {
    clearInterval(keepAlive);
    keepAlive = undefined;
  }

  function sendControl(type: ClientControlType): void {
    if (socket.readyState === OPEN) socket.send(JSON.stringify({ type }));
  }

  /** The page time a stream position (seconds) was handed in, from the chunk that held it. */
  function handedInAt(seconds: number): number | undefined {
    const sample = seconds * SPEECH_SAMPLE_RATE_HZ;
    const chunk = handedIn.find((candidate) => candidate.endSample >= sample);
    if (chunk === undefined) return undefined;
    return chunk.at - ((chunk.endSample - sample) / SPEECH_SAMPLE_RATE_HZ) * 1000;
  }

  function withHeardEnd(result: TranscriptResult, lastWordEnd: number | undefined): TranscriptResult {
    if (!result.isFinal) return result;
    const heardEndAt = lastWordEnd === undefined ? undefined : handedInAt(lastWordEnd);
    return heardEndAt === undefined ? result : { ...result, heardEndAt };
  }

  connect();

  return {
    sendAudio(pcm) {
      if (closing || muted) return;
      // Deepgram's stream time counts the samples it is sent: muted stretches and dropped chunks are not in it.
      samplesHandedIn += pcm.byteLength / 2;
      handedIn.push({ endSample: samplesHandedIn, at: performance.now() });
      if (handedIn.length > HANDED_IN_KEPT) handedIn.splice(0, handedIn.length - HANDED_IN_KEPT);
      if (socket.readyState === OPEN) return socket.send(pcm);
      pending.push(pcm);
      if (pending.length > MAX_PENDING_CHUNKS) pending.shift();
    },
    setMuted(value) {
      if (closing || value === muted) return;
      muted = value;
      if (muted) startKeepAlive();
      else stopKeepAlive();
    },
    finish() {
      if (closing) return Promise.resolve();
      closing = true;
      stopKeepAlive();
      pending.length = 0;
      if (socket.readyState !== OPEN) {
        socket.close(CLOSE.normal);
        return Promise.resolve();
      }
      sendControl('Finalize');
      sendControl('CloseStream');
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          socket.close(CLOSE.normal);
          resolve();
        }, options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS);
        closed = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    close() {
      closing = true;
      stopKeepAlive();
      pending.length = 0;
      socket.close(CLOSE.normal);
      closed?.();
    },
  };
}

/** A Results message, and the end (stream seconds) of its last word when it has words. */
function parseResult(text: string): { result: TranscriptResult; lastWordEnd: number | undefined } | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  // Read defensively: whatever the server sends, a malformed field must not break the conversation.
  const results = message as Partial<Record<keyof ResultsMessage, unknown>> & {
    channel?: {
      alternatives?: {
        transcript?: unknown;
        languages?: unknown;
        words?: { language?: unknown; end?: unknown }[];
      }[];
    };
  };
  if (results.type !== ('Results' satisfies ResultsMessage['type'])) return null;
  const alternative = results.channel?.alternatives?.[0];
  const transcript = alternative?.transcript;
  const language = detectedLanguage(alternative?.languages, alternative?.words);
  const isFinal = results.is_final === true;
  const lastWordEnd = Array.isArray(alternative?.words) ? alternative.words.at(-1)?.end : undefined;
  return {
    result: {
      text: typeof transcript === 'string' ? transcript : '',
      isFinal,
      speechFinal: results.speech_final === true,
      eagerEndOfTurn: isEagerEndOfTurn(results, alternative?.words),
      ...(language === undefined ? {} : { language }),
    },
    lastWordEnd: typeof lastWordEnd === 'number' ? lastWordEnd : undefined,
  };
}

function detectedLanguage(languages: unknown, words: unknown): string | undefined {
  if (Array.isArray(languages) && typeof languages[0] === 'string' && languages[0] !== '')
    return languages[0];
  if (!Array.isArray(words)) return undefined;
  const counts = new Map<string, number>();
  for (const word of words as { language?: unknown }[]) {
    if (typeof word?.language === 'string') counts.set(word.language, (counts.get(word.language) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [language, count] of counts)
    if (best === undefined || count > counts.get(best)!) best = language;
  return best;
}
