import type { EngineState } from '@wayfarer/shared/api/capabilities';
import type { SpeechKeyResponse, UsageUpdateRequest } from '@wayfarer/shared/api/speech';
import { IP_LOOKUP_TIMEOUT_MS } from '../../lib/ui-constants';
import { RATE_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError, callRoute } from '../../lib/api-client';
import { fetchCapabilities, isEngineState } from '../../lib/capabilities';

export type SpeechKeyResult =
  | { readonly kind: 'ok'; readonly key: SpeechKeyResponse }
  | { readonly kind: 'limit_reached' }
  /** Keys taken too fast (docs/SPEC.md §4): try again in a moment; the allowance is not spent. */
  | { readonly kind: 'rate_limited' }
  | { readonly kind: 'failed' };

// The bundle for `/` carries no zod schemas (docs/DESIGN.md §8), so the answer's shape is checked by hand.
function isSpeechKey(value: unknown): value is SpeechKeyResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.key === 'string' &&
    candidate.key !== '' &&
    typeof candidate.time_to_live_in_seconds === 'number' &&
    candidate.time_to_live_in_seconds > 0 &&
    typeof candidate.url === 'string'
  );
}

/**
 * The speech key (route speech.key, docs/SPEC.md §7), with the bearer token when signed in. A 429 means the
 * allowance is spent unless the server says it is the general rate limit (keys taken too fast).
 */
export async function fetchSpeechKey(): Promise<SpeechKeyResult> {
  try {
    const body: unknown = await callRoute('speech.key');
    return isSpeechKey(body) ? { kind: 'ok', key: body } : { kind: 'failed' };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) return { kind: 'failed' };
    return error.serverMessage === RATE_LIMIT_KEYS.default ? { kind: 'rate_limited' } : { kind: 'limit_reached' };
  }
}

/**
 * The usage update (route usage.update, docs/SPEC.md §7): closes the caller's newest open lease with the seconds actually
 * used. It is sent when the page is hidden or closed, so it must outlive the page: an unclosed lease is charged
 * its whole elapsed time. sendBeacon cannot carry the bearer token that names a signed-in caller's lease;
 * keepalive can.
 */
export async function reportUsage(durationSeconds: number): Promise<boolean> {
  const body: UsageUpdateRequest = {
    durationSeconds: Math.max(0, Math.round(durationSeconds * 1000) / 1000),
  };
  try {
    await callRoute('usage.update', { body, keepalive: true });
    return true;
  } catch {
    return false;
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
