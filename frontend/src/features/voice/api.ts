import type { SpeechKeyResponse, UsageUpdateRequest } from '@wayfarer/shared/api/speech';
import { routeTable, type RouteId } from '@wayfarer/shared/api/route-table';
import { LOCAL_STORAGE_KEYS } from '@wayfarer/shared/constants';

// TODO(integration): switch to lib/api-client.ts (SPEC §8 mapping, token refresh) once the accounts feature
// lands it. Until then these two calls carry the stored bearer token themselves.

function pathOf(id: RouteId): string {
  const route = routeTable.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route.path;
}

function authHeaders(): Record<string, string> {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(LOCAL_STORAGE_KEYS.authToken);
  } catch {
    // Blocked storage: call anonymously.
  }
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export type SpeechKeyResult =
  | { readonly kind: 'ok'; readonly key: SpeechKeyResponse }
  | { readonly kind: 'limit_reached' }
  | { readonly kind: 'failed' };

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

/** GET /api/deepgram/key (SPEC §7): 429 means the allowance is spent. */
export async function fetchSpeechKey(signal?: AbortSignal): Promise<SpeechKeyResult> {
  try {
    const response = await fetch(pathOf('speech.key'), { headers: authHeaders(), signal });
    if (response.status === 429) return { kind: 'limit_reached' };
    if (!response.ok) return { kind: 'failed' };
    const body: unknown = await response.json();
    return isSpeechKey(body) ? { kind: 'ok', key: body } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** POST /api/usage/update (SPEC §7): closes the key's lease with the seconds actually used. */
export async function reportUsage(durationSeconds: number): Promise<boolean> {
  const body: UsageUpdateRequest = {
    durationSeconds: Math.max(0, Math.round(durationSeconds * 1000) / 1000),
  };
  try {
    const response = await fetch(pathOf('usage.update'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify(body),
      // The page may be closing (stop on leaving); keepalive lets the request outlive it.
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
