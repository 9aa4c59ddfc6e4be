import type { EngineState } from '@wayfarer/shared/api/capabilities';
import type { SpeechTicketResponse } from '@wayfarer/shared/api/speech';
import { IP_LOOKUP_TIMEOUT_MS } from '../../lib/ui-constants';
import { RATE_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError, callRoute } from '../../lib/api-client';
import { fetchCapabilities, isEngineState } from '../../lib/capabilities';

export type SpeechTicketResult =
  | { readonly kind: 'ok'; readonly ticket: SpeechTicketResponse }
  | { readonly kind: 'limit_reached' }
  /** Tickets taken too fast (docs/SPEC.md §4): try again in a moment; the allowance is not spent. */
  | { readonly kind: 'rate_limited' }
  | { readonly kind: 'failed' };

// The bundle for `/` carries no zod schemas (docs/DESIGN.md §8), so the answer's shape is checked by hand.
function isSpeechTicket(value: unknown): value is SpeechTicketResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const secondsLeft = candidate.seconds_left;
  return (
    typeof candidate.ticket === 'string' &&
    candidate.ticket !== '' &&
    (secondsLeft === null || (typeof secondsLeft === 'number' && secondsLeft >= 0))
  );
}

/**
 * A ticket for one socket on our speech relay (route speech.ticket, docs/SPEC.md §7), with the bearer token when
 * signed in. A 429 means the allowance is spent unless the server says it is the general rate limit (tickets taken
 * too fast). The relay meters the speech itself: nothing is reported back.
 */
export async function fetchSpeechTicket(): Promise<SpeechTicketResult> {
  try {
    const body: unknown = await callRoute('speech.ticket');
    return isSpeechTicket(body) ? { kind: 'ok', ticket: body } : { kind: 'failed' };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) return { kind: 'failed' };
    return error.serverMessage === RATE_LIMIT_KEYS.default ? { kind: 'rate_limited' } : { kind: 'limit_reached' };
  }
}

/** Which engine serves translation and speech; unknown (undefined) until GET /api/capabilities answers. */
export interface VoiceCapabilities {
  readonly translate: EngineState;
  readonly tts: EngineState;
  /** Two-way mode: the embedded recogniser hears English only (docs/ENGINES.md). */
  readonly stt?: EngineState;
}

/**
 * GET /api/capabilities. A failed call says nothing either way, so it resolves undefined and the switch stays
 * usable: a phrase that then fails to translate says so itself.
 */
export async function fetchVoiceCapabilities(): Promise<VoiceCapabilities | undefined> {
  const { translate, tts, stt } = (await fetchCapabilities()) ?? {};
  if (!isEngineState(translate) || !isEngineState(tts)) return undefined;
  return isEngineState(stt) ? { translate, tts, stt } : { translate, tts };
}

/**
 * The caller's country from our own GET /api/geo/country (docs/SPEC.md §5 suggestions), given up after
 * IP_LOOKUP_TIMEOUT_MS (docs/SPEC.md §9): suggestions never wait longer than that.
 */
export async function fetchCallerCountry(): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), IP_LOOKUP_TIMEOUT_MS);
  try {
    const body: unknown = await callRoute('capabilities.country', { signal: controller.signal });
    const country = (body as { country?: unknown } | null)?.country;
    return typeof country === 'string' ? country : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
