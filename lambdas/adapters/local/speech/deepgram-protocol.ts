/**
 * The parts of Deepgram's live transcription protocol (`/v1/listen`) that Wayfarer's client uses, as the local
 * socket speaks them: the query parameters (SPEC §7, DESIGN.md §7), the server's messages and the close codes.
 */

export const LISTEN_PATH = '/v1/listen';
export const SUPPORTED_ENCODING = 'linear16';
export const SUPPORTED_SAMPLE_RATE = 16000;

/** RFC 6455 close codes as Deepgram uses them, each with the Deepgram error label its reason starts with. */
export const CLOSE = {
  normal: 1000,
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

export interface ListenOptions {
  interimResults: boolean;
  /** Silence that closes a phrase with speech_final, or false for none. Deepgram's default is 10 ms. */
  endpointingMs: number | false;
  /** Gap after the last word that triggers UtteranceEnd, or null when not asked for. */
  utteranceEndMs: number | null;
  vadEvents: boolean;
  /** Echoed in Metadata only: the embedded engine is Moonshine whatever the client asks for. */
  model: string;
}

export type ListenQuery = { ok: true; options: ListenOptions } | { ok: false; reason: string };

const DEFAULT_ENDPOINTING_MS = 10;
const MIN_UTTERANCE_END_MS = 1000;

/** Reads the query of a `/v1/listen` request; anything the engine cannot honour is refused with a reason. */
export function parseListenQuery(params: URLSearchParams): ListenQuery {
  const bad = (reason: string): ListenQuery => ({ ok: false, reason: `BAD_REQUEST: ${reason}` });
  const encoding = params.get('encoding');
  if (encoding !== SUPPORTED_ENCODING) return bad(`encoding must be ${SUPPORTED_ENCODING}`);
  if (params.get('sample_rate') !== String(SUPPORTED_SAMPLE_RATE)) {
    return bad(`sample_rate must be ${SUPPORTED_SAMPLE_RATE}`);
  }
  const channels = params.get('channels');
  if (channels !== null && channels !== '1') return bad('channels must be 1');

  const flag = (name: string): boolean | undefined => {
    const value = params.get(name);
    if (value === null) return false;
    if (value === 'true' || value === 'false') return value === 'true';
    return undefined;
  };
  const interimResults = flag('interim_results');
  const vadEvents = flag('vad_events');
  if (interimResults === undefined) return bad('interim_results must be true or false');
  if (vadEvents === undefined) return bad('vad_events must be true or false');

  let endpointingMs: number | false = DEFAULT_ENDPOINTING_MS;
  const endpointing = params.get('endpointing');
  if (endpointing === 'false') endpointingMs = false;
  else if (endpointing !== null && endpointing !== 'true') {
    const value = Number(endpointing);
    if (!Number.isInteger(value) || value <= 0)
      return bad('endpointing must be a number of milliseconds or false');
    endpointingMs = value;
  }

  let utteranceEndMs: number | null = null;
  const utteranceEnd = params.get('utterance_end_ms');
  if (utteranceEnd !== null) {
    const value = Number(utteranceEnd);
    if (!Number.isInteger(value) || value < MIN_UTTERANCE_END_MS) {
      return bad(`utterance_end_ms must be a whole number of at least ${MIN_UTTERANCE_END_MS}`);
    }
    utteranceEndMs = value;
  }

  return {
    ok: true,
    options: {
      interimResults,
      endpointingMs,
      utteranceEndMs,
      vadEvents,
      model: params.get('model') ?? 'base',
    },
  };
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

export type ClientControl = { type: 'KeepAlive' } | { type: 'Finalize' } | { type: 'CloseStream' };

/** A text frame from the client, or null if it is not one of the control messages. */
export function parseClientControl(text: string): ClientControl | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as { type?: unknown }).type;
    return type === 'KeepAlive' || type === 'Finalize' || type === 'CloseStream' ? { type } : null;
  } catch {
    return null;
  }
}
