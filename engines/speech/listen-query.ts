/**
 * The query of a `/v1/listen` request (docs/SPEC.md §7, docs/DESIGN.md §7) as the local socket reads it: what the embedded
 * engine can honour. The messages and close codes both ends share are in shared/api/speech-protocol.ts.
 */

import { SPEECH_ENCODING, SPEECH_SAMPLE_RATE_HZ } from '@wayfarer/shared/constants';

/** The one format the engine takes: the one the browser sends. */
export const SUPPORTED_ENCODING = SPEECH_ENCODING;
export const SUPPORTED_SAMPLE_RATE = SPEECH_SAMPLE_RATE_HZ;

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
