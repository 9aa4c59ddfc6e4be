/**
 * The messages and close codes of Deepgram's live transcription protocol (`/v1/listen`) that Wayfarer uses,
 * written once for every end: the browser client (frontend/src/lib/deepgram-socket.ts), our speech relay
 * (lambdas/relay/), which speaks it to the browser and passes it on to Deepgram, and the embedded engine behind the
 * relay (engines/speech/). Field names are Deepgram's own, snake_case included. The relay adds one message
 * (Allowance) and a few close codes of its own (RELAY_CLOSE), which a Deepgram client ignores or reports as a close.
 */

export const LISTEN_PATH = '/v1/listen';

/** RFC 6455 close codes as Deepgram uses them, each with the Deepgram error label its reason starts with. */
export const CLOSE = {
  normal: 1000,
  /** The server is going away (a local cloud stopping). */
  goingAway: 1001,
  /** Bad credentials, bad parameters, or data that is not the declared audio (DATA-0000). */
  policyViolation: 1008,
  /** A single frame larger than the socket accepts. */
  tooBig: 1009,
  /** Internal error (NET-0000) or no audio/KeepAlive within the timeout (NET-0001). */
  internalError: 1011,
} as const;

export const CLOSE_REASON = {
  invalidAuth: 'INVALID_AUTH: Invalid credentials.',
  badAudio: 'DATA-0000: The payload cannot be decoded as audio. It is not linear16 PCM.',
  idle: 'NET-0001: Deepgram did not receive audio data or a text message within the timeout window.',
  internal: 'NET-0000: The service has encountered an internal error.',
} as const;

/**
 * The relay's own close codes (docs/SPEC.md §7, §8): RFC 6455's private range, and the two IANA codes for a server
 * restarting or full. Each says whether the browser takes a new ticket and carries on (reconnectable) or ends the
 * session.
 */
export const RELAY_CLOSE = {
  /** The day's allowance is spent; an Allowance message with seconds_left 0 came just before. Ends the session. */
  allowanceSpent: 4001,
  /** Another socket of the same caller took over (one open socket per caller). Ends this one. */
  replaced: 4002,
  /** No audio for SPEECH_RELAY_LIMITS.idleSeconds (KeepAlive is not audio). Reconnectable. */
  idle: 4003,
  /** The socket lived SPEECH_RELAY_LIMITS.maxSessionSeconds. Reconnectable. */
  sessionTooLong: 4004,
  /** The relay is restarting (a deploy): reconnect, with the audio kept meanwhile. */
  serviceRestart: 1012,
  /** The relay is full: try again later. Ends the session with a message that says so. */
  tryAgainLater: 1013,
} as const;

export const RELAY_CLOSE_REASON = {
  allowanceSpent: 'USAGE_LIMIT: The daily speech allowance is spent.',
  replaced: 'REPLACED: Another speech socket of this caller opened.',
  idle: 'IDLE: No audio within the timeout window.',
  sessionTooLong: 'SESSION_LIMIT: The longest session ended; open a new one.',
  serviceRestart: 'RESTART: The speech relay is restarting; reconnect.',
  full: 'BUSY: The speech relay is at capacity.',
  tooFast: 'DATA: Audio arrives faster than real time.',
} as const;

/**
 * The relay's message, sent first on every socket it accepts and last when the allowance runs out: the seconds of
 * speech left today (null for a subscriber, who has none to run out of). The client's cut-off reads it.
 */
export interface AllowanceMessage {
  type: 'Allowance';
  seconds_left: number | null;
}

/** An Allowance message's seconds, or undefined when the text is not one. Read defensively. */
export function parseAllowance(text: string): { readonly secondsLeft: number | null } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as { type?: unknown; seconds_left?: unknown };
  if (message.type !== ('Allowance' satisfies AllowanceMessage['type'])) return undefined;
  if (message.seconds_left === null) return { secondsLeft: null };
  if (
    typeof message.seconds_left !== 'number' ||
    !Number.isFinite(message.seconds_left) ||
    message.seconds_left < 0
  )
    return undefined;
  return { secondsLeft: message.seconds_left };
}

// --- Server to client ---------------------------------------------------------------------------------------

/**
 * An interim Results whose window runs at least this far past its last word is an eager end of turn:
 * the speaker has paused, and the final will likely say the same words. The client may start work on it (the
 * translation request) that it shows or speaks only once a final confirms the same text; Deepgram Flux's
 * EagerEndOfTurn plays the same part. The local socket sends one as soon as its speculative decode is ready
 * (engines/speech/segmenter.ts: 2 silent VAD frames, 64 ms, ahead of the 300 ms endpointing; a longer threshold
 * than the socket's speculation would never be met by it).
 */
export const EAGER_END_OF_TURN_SILENCE_SECONDS = 0.06;

/** Seconds from a Results message's last word's end to the end of its audio; 0 when there is no word to measure from. */
function silenceAfterLastWord(start: unknown, duration: unknown, words: unknown): number {
  if (typeof start !== 'number' || typeof duration !== 'number' || !Array.isArray(words)) return 0;
  const end = (words.at(-1) as { end?: unknown } | undefined)?.end;
  return typeof end === 'number' ? start + duration - end : 0;
}

/**
 * Whether a Results message is an eager end of turn: an interim whose audio runs EAGER_END_OF_TURN_SILENCE_SECONDS
 * or more past its last word (`words`, its first alternative's). Read defensively from whatever the server sent.
 */
export function isEagerEndOfTurn(
  results: { readonly is_final?: unknown; readonly start?: unknown; readonly duration?: unknown },
  words: unknown,
): boolean {
  return (
    results.is_final !== true &&
    silenceAfterLastWord(results.start, results.duration, words) >= EAGER_END_OF_TURN_SILENCE_SECONDS
  );
}

export interface ResultWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
  punctuated_word: string;
}

export interface ModelInfo {
  name: string;
  version: string;
  arch: string;
}

export interface ResultsMessage {
  type: 'Results';
  channel_index: [number, number];
  duration: number;
  start: number;
  is_final: boolean;
  speech_final: boolean;
  from_finalize: boolean;
  channel: { alternatives: { transcript: string; confidence: number; words: ResultWord[] }[] };
  metadata: { request_id: string; model_info: ModelInfo; model_uuid: string };
}

export interface UtteranceEndMessage {
  type: 'UtteranceEnd';
  channel: [number, number];
  last_word_end: number;
}

/** Sent only with `vad_events=true`, as Deepgram does. */
export interface SpeechStartedMessage {
  type: 'SpeechStarted';
  channel: number[];
  timestamp: number;
}

export interface MetadataMessage {
  type: 'Metadata';
  transaction_key: 'deprecated';
  request_id: string;
  sha256: string;
  created: string;
  duration: number;
  channels: number;
  models: string[];
  model_info: Record<string, ModelInfo>;
}

export type ServerMessage = ResultsMessage | UtteranceEndMessage | SpeechStartedMessage | MetadataMessage;

// --- Client to server ---------------------------------------------------------------------------------------

export const CLIENT_CONTROL_TYPES = ['KeepAlive', 'Finalize', 'CloseStream'] as const;
export type ClientControlType = (typeof CLIENT_CONTROL_TYPES)[number];
export interface ClientControl {
  type: ClientControlType;
}

/** A text frame from the client, or null if it is not one of the control messages. */
export function parseClientControl(text: string): ClientControl | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as { type?: unknown }).type;
    const control = CLIENT_CONTROL_TYPES.find((known) => known === type);
    return control ? { type: control } : null;
  } catch {
    return null;
  }
}
