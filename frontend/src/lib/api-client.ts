import type { SessionResponse } from '@wayfarer/shared/api/auth';
import { LOCAL_STORAGE_KEYS, TOKEN_REFRESH_THRESHOLD_SECONDS } from '@wayfarer/shared/constants';
import { HTTP_ERROR_KEYS, LITERAL_MESSAGES } from '@wayfarer/shared/domain/error-keys';
import { messageForFailedResponse, serverMessageOf } from '@wayfarer/shared/domain/error-mapping';

// The one fetch wrapper (DESIGN.md §3): bearer token, refresh within TOKEN_REFRESH_THRESHOLD_SECONDS of expiry,
// SPEC §8's failed-response mapping, and the end of the session on a 401 after refresh. It is on the first
// screen's bundle, so it holds no schemas: callers type what they expect.

/**
 * A failed call. `message` is a translation key (see isMessageKey) or the server's own text; `serverMessage` is
 * what the server said whatever SPEC §8 maps the status to (a 429 on the user fetch shows it).
 */
export class ApiError extends Error {
  // Private, so two failures that show the same message still compare equal: callers and tests compare them.
  readonly #serverMessage: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.#serverMessage = serverMessage;
  }

  get serverMessage(): string | undefined {
    return this.#serverMessage;
  }
}

export type ApiAuth = 'none' | 'optional' | 'required';

export interface ApiRequestOptions {
  readonly method?: 'GET' | 'POST';
  /** Sent as JSON. */
  readonly body?: unknown;
  /** `required`: fail without a token; `optional`: send one if there is one; `none`: never send one. */
  readonly auth?: ApiAuth;
  /** The caller's own message (e.g. error_login_failed), used when the server says nothing useful. */
  readonly fallbackKey?: string;
  readonly signal?: AbortSignal;
  /** Lets the request finish after the page is closed or left (fetch's keepalive; it carries headers). */
  readonly keepalive?: boolean;
}

// --- The stored token ------------------------------------------------------------------------------------

export function storedToken(): string | null {
  try {
    return localStorage.getItem(LOCAL_STORAGE_KEYS.authToken);
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): nobody is signed in.
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
  } catch {
    // The session then lasts as long as the page; nothing better is possible.
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.authToken);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The token's `exp` (epoch seconds), read without verifying: only the server's check counts. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

// --- Session changes the wrapper causes ------------------------------------------------------------------

export type SessionChange =
  { readonly kind: 'refreshed'; readonly session: SessionResponse } | { readonly kind: 'ended' };

const listeners = new Set<(change: SessionChange) => void>();

/** The session provider listens here: a refresh brings a new user, a failed one ends the session. */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}

function endSession(): ApiError {
  clearStoredToken();
  announce({ kind: 'ended' });
  return new ApiError(401, LITERAL_MESSAGES.authenticationFailed);
}

// --- Calls -----------------------------------------------------------------------------------------------

const nowSeconds = () => Math.floor(Date.now() / 1000);

let refreshing: Promise<string> | undefined;

/** One refresh at a time: calls that need it while it runs wait for the same new token. */
function refreshedToken(token: string): Promise<string> {
  refreshing ??= (async () => {
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw endSession();
      const session = (await response.json()) as SessionResponse;
      storeToken(session.token);
      announce({ kind: 'refreshed', session });
      return session.token;
    } catch (error) {
      throw error instanceof ApiError ? error : endSession();
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

async function bearerToken(auth: ApiAuth): Promise<string | undefined> {
  if (auth === 'none') return undefined;
  const token = storedToken();
  if (!token) {
    if (auth === 'required') throw new ApiError(401, LITERAL_MESSAGES.noAuthToken);
    return undefined;
  }
  const expiresAt = tokenExpiry(token);
  if (expiresAt === undefined) throw endSession();
  // One that looks expired goes to the refresh too: the device's clock may be wrong, and only the server knows.
  if (expiresAt - nowSeconds() <= TOKEN_REFRESH_THRESHOLD_SECONDS) return refreshedToken(token);
  return token;
}

/**
 * Refreshes the stored token if it is within the threshold of expiry (SPEC §6), as any authenticated call
 * would; the session provider calls it on a timer so an idle tab keeps its session.
 */
export async function keepTokenFresh(): Promise<void> {
  await bearerToken('optional');
}

async function readJson(response: Response): Promise<{ body: unknown; readable: boolean }> {
  try {
    return { body: await response.json(), readable: true };
  } catch {
    return { body: undefined, readable: false };
  }
}

/** Calls the API and resolves the JSON answer; rejects with an ApiError whose message follows SPEC §8. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const token = await bearerToken(options.auth ?? 'optional');
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, options.fallbackKey ?? HTTP_ERROR_KEYS.server);
  }
  const { body, readable } = await readJson(response);
  if (response.ok) return body as T;
  // The token was fresh or just refreshed, so a 401 means the session is over.
  if (response.status === 401 && token) throw endSession();
  throw new ApiError(
    response.status,
    messageForFailedResponse({
      status: response.status,
      body,
      bodyReadable: readable,
      path,
      fallbackKey: options.fallbackKey,
    }),
    readable ? serverMessageOf(body) : undefined,
  );
}
