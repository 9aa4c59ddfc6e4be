import type * as z from 'zod';
import type { SessionResponse } from '@wayfarer/shared/api/auth';
import { REQUEST_ID_HEADER } from '@wayfarer/shared/api/request-id';
import { routeTable, type RouteId } from '@wayfarer/shared/api/route-table';
import type { routeSchemas } from '@wayfarer/shared/api/routes';
import { TOKEN_REFRESH_THRESHOLD_SECONDS } from './ui-constants';
import { ACCOUNT_ERROR_KEYS, HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { messageForFailedResponse, serverMessageOf } from '@wayfarer/shared/domain/error-mapping';
import { clearStoredToken, storedToken, storeToken } from './stored-token';

// The one way the browser calls the API (docs/DESIGN.md §3): callRoute takes a route id, and the route table gives
// the method, the path and who may call; this file adds the bearer token, its refresh within
// TOKEN_REFRESH_THRESHOLD_SECONDS of expiry, docs/SPEC.md §8's failed-response mapping and the end of the session on a
// 401 after refresh. It is on the first screen's bundle, so it reads only the plain route table: the zod schemas
// type the calls (`import type`) and never reach the browser.

/**
 * A failed call. `message` is a translation key (see isMessageKey) or the server's own text; `serverMessage` is
 * what the server said whatever docs/SPEC.md §8 maps the status to (a 429 on the user fetch shows it);
 * `requestId` is the API's `x-request-id` for the call, when it answered.
 */
export class ApiError extends Error {
  // Private, so two failures that show the same message still compare equal: callers and tests compare them.
  readonly #serverMessage: string | undefined;
  readonly #requestId: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    serverMessage?: string,
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.#serverMessage = serverMessage;
    this.#requestId = requestId;
  }

  get serverMessage(): string | undefined {
    return this.#serverMessage;
  }

  get requestId(): string | undefined {
    return this.#requestId;
  }
}

// --- The last failed call's request id -------------------------------------------------------------------

let lastFailedId: string | undefined;

/**
 * The `x-request-id` of the last call the API answered with a failure (docs/OPERATIONS.md: every log line of that
 * request carries it), or undefined before any. The UI has no support-details panel to show it in; each failure
 * is logged to the console with it (logFailure).
 */
export function lastFailedRequestId(): string | undefined {
  return lastFailedId;
}

/**
 * Keeps a failed answer's request id and logs the failure for whoever reads the console: the route id, the status
 * and the request id only. Never the URL (path parameters and the query may be the traveller's), the body or
 * the server's message.
 */
function logFailure(id: RouteId, response: Response): string | undefined {
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (requestId) lastFailedId = requestId;
  console.warn(`API call ${id} failed:`, { status: response.status, requestId: requestId ?? 'none' });
  return requestId;
}

// --- The stored token ------------------------------------------------------------------------------------

export { clearStoredToken, storedToken, storeToken } from './stored-token';

/**
 * Logout (docs/SPEC.md §7, POST /api/auth/logout): asks the server to revoke the session's refresh token, so a
 * copy of the token cannot be refreshed after the traveller signed out. Sent and not waited for (keepalive
 * outlives the page); the local sign-out does not depend on its answer.
 */
export function endServerSession(token: string | null = storedToken()): void {
  if (!token) return;
  const logout = routeOf('auth.logout');
  void fetch(logout.path, {
    method: logout.method,
    headers: { authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

/** The token's `exp` and `iat` (epoch seconds), read without verifying: only the server's check counts. */
function tokenTimes(token: string): { readonly exp: number; readonly iat?: number } | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp, iat } = JSON.parse(json) as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return undefined;
    return typeof iat === 'number' ? { exp, iat } : { exp };
  } catch {
    return undefined;
  }
}

// Expiry is judged here and nowhere else: the calls, page tracking and the session provider's timer ask.

const REFRESH_THRESHOLD_MS = TOKEN_REFRESH_THRESHOLD_SECONDS * 1000;

/** Milliseconds the token has left (negative once expired), or undefined when it carries no readable expiry. */
function msLeft(token: string): number | undefined {
  const times = tokenTimes(token);
  return times === undefined ? undefined : times.exp * 1000 - Date.now();
}

/**
 * Milliseconds until the token falls due for a refresh (zero or less means now), or undefined when it carries no
 * readable expiry. Due the threshold before expiry, or at half its life for a token that lives less than twice that
 * (an operator may give access tokens 5 minutes, Cognito's shortest: due at once, such a token would be refreshed on
 * every call).
 */
function msUntilDue(token: string): number | undefined {
  const times = tokenTimes(token);
  if (times === undefined) return undefined;
  const lead =
    times.iat === undefined || times.exp <= times.iat
      ? REFRESH_THRESHOLD_MS
      : Math.min(REFRESH_THRESHOLD_MS, ((times.exp - times.iat) * 1000) / 2);
  return times.exp * 1000 - Date.now() - lead;
}

/** The stored token while it is still valid; an expired or unreadable one counts as none. */
export function liveStoredToken(): string | null {
  const token = storedToken();
  const left = token ? msLeft(token) : undefined;
  return token && left !== undefined && left > 0 ? token : null;
}

/**
 * Milliseconds until the stored token is due for its refresh (docs/SPEC.md §6: TOKEN_REFRESH_THRESHOLD_SECONDS before
 * expiry; zero or less means now, an expired token included), or undefined without a readable token.
 */
export function msUntilRefreshDue(): number | undefined {
  const token = storedToken();
  return token ? msUntilDue(token) : undefined;
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
  return new ApiError(401, ACCOUNT_ERROR_KEYS.sessionExpired);
}

// --- Routes ----------------------------------------------------------------------------------------------

type TableRoute<Id extends RouteId> = Extract<(typeof routeTable)[number], { readonly id: Id }>;
type RequestSchemas<Id extends RouteId> = (typeof routeSchemas)[Id]['request'];
type RequestPart = 'body' | 'query' | 'pathParameters';

/** What a route's request carries, typed by its shared schemas; a multipart body goes as FormData. */
export type RouteRequest<Id extends RouteId> = {
  readonly [Part in keyof RequestSchemas<Id> & RequestPart]: Part extends 'body'
    ? TableRoute<Id>['bodyKind'] extends 'multipart'
      ? FormData
      : z.input<RequestSchemas<Id>[Part]>
    : z.input<RequestSchemas<Id>[Part]>;
};

/** The JSON a route answers with, typed by its shared schema (unknown for streamed or binary answers). */
export type RouteAnswer<Id extends RouteId> = (typeof routeSchemas)[Id] extends {
  readonly response: infer Schema;
}
  ? z.output<Schema>
  : unknown;

export interface CallOptions {
  /** The caller's own message (e.g. error_login_failed), used when the server says nothing useful. */
  readonly fallbackKey?: string;
  readonly signal?: AbortSignal;
  /** Lets the request outlive the page, e.g. a page view reported as the visitor leaves. */
  readonly keepalive?: boolean;
  /**
   * A call the visitor did not ask for (page tracking): it sends the token only while the token is live, and
   * never refreshes it or ends the session, whatever the answer.
   */
  readonly background?: boolean;
}

export type RouteCall<Id extends RouteId> = RouteRequest<Id> & CallOptions;
// The call may be left out only where the route takes no body, query or path parameters.
type RouteCallArgs<Id extends RouteId> = [keyof RouteRequest<Id>] extends [never]
  ? [call?: RouteCall<Id>]
  : [call: RouteCall<Id>];
type AnyCall = Partial<Record<RequestPart, unknown>> & CallOptions;

function routeOf<Id extends RouteId>(id: Id): TableRoute<Id> {
  // Every RouteId names an entry of the table, so the search cannot miss.
  return routeTable.find((route) => route.id === id) as TableRoute<Id>;
}

function urlFor(path: string, pathParameters: unknown, query: unknown): string {
  const parameters = (pathParameters ?? {}) as Record<string, string>;
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(parameters[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const queryText = search.toString();
  return queryText ? `${filled}?${queryText}` : filled;
}

// --- Calls -----------------------------------------------------------------------------------------------

let refreshing: Promise<string> | undefined;

/**
 * A failure that says nothing about the session, so the traveller stays signed in: no network (status 0, a phone
 * in a tunnel), a timeout, a rate limit or the server's own trouble. Only the server's refusal ends a session.
 */
export function keepsSession(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * One refresh at a time: calls that need it while it runs wait for the same new token. The server's refusal ends
 * the session; a refresh that cannot be done now (keepsSession) fails this call and keeps the token for the next.
 */
function refreshedToken(token: string): Promise<string> {
  refreshing ??= (async () => {
    const refresh = routeOf('auth.refresh');
    try {
      let response: Response;
      try {
        response = await fetch(refresh.path, {
          method: refresh.method,
          headers: { authorization: `Bearer ${token}` },
        });
      } catch {
        throw new ApiError(0, HTTP_ERROR_KEYS.server);
      }
      if (keepsSession(response.status))
        throw new ApiError(
          response.status,
          messageForFailedResponse({ status: response.status, bodyReadable: false, path: refresh.path }),
        );
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

/** `required`: fail without a token; `optional`: send one if there is one. Refreshes one that is due. */
async function bearerToken(auth: 'optional' | 'required'): Promise<string | undefined> {
  const token = storedToken();
  if (!token) {
    if (auth === 'required') throw new ApiError(401, ACCOUNT_ERROR_KEYS.notLoggedIn);
    return undefined;
  }
  const due = msUntilDue(token);
  if (due === undefined) throw endSession();
  // One that looks expired goes to the refresh too: the device's clock may be wrong, and only the server knows.
  return due <= 0 ? refreshedToken(token) : token;
}

async function tokenFor(route: TableRoute<RouteId>, call: AnyCall): Promise<string | undefined> {
  if (route.auth === 'none' || route.auth === 'admin-cookie') return undefined;
  if (call.background) return liveStoredToken() ?? undefined;
  return bearerToken(route.auth);
}

/**
 * Refreshes the stored token if it is within the threshold of expiry (docs/SPEC.md §6), as any authenticated call
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

/** Sends one call of the route table; resolves an OK response, rejects with an ApiError that follows docs/SPEC.md §8. */
async function send(id: RouteId, call: AnyCall = {}): Promise<Response> {
  const route = routeOf(id);
  const token = await tokenFor(route, call);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) body = call.body;
  else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  const url = urlFor(route.path, call.pathParameters, call.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body,
      signal: call.signal,
      ...(call.keepalive && { keepalive: true }),
      // docs/SPEC.md §6: the admin stats call goes with the admin session cookie.
      ...(route.auth === 'admin-cookie' && { credentials: 'include' as const }),
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new ApiError(0, call.fallbackKey ?? HTTP_ERROR_KEYS.server);
  }
  if (response.ok) return response;
  const requestId = logFailure(id, response);
  const failure = await readJson(response);
  // The token was fresh or just refreshed, so a 401 means the session is over.
  if (response.status === 401 && token && !call.background) throw endSession();
  throw new ApiError(
    response.status,
    messageForFailedResponse({
      status: response.status,
      body: failure.body,
      bodyReadable: failure.readable,
      path: url,
      fallbackKey: call.fallbackKey,
    }),
    failure.readable ? serverMessageOf(failure.body) : undefined,
    requestId,
  );
}

/** Calls a route of the route table and resolves its JSON answer; rejects with an ApiError (docs/SPEC.md §8). */
export async function callRoute<Id extends RouteId>(
  id: Id,
  ...[call]: RouteCallArgs<Id>
): Promise<RouteAnswer<Id>> {
  const response = await send(id, call as AnyCall | undefined);
  return (await readJson(response)).body as RouteAnswer<Id>;
}

/** Like callRoute, for the routes that stream or send bytes (translate, tts): resolves the OK response itself. */
export function streamRoute<Id extends RouteId>(id: Id, ...[call]: RouteCallArgs<Id>): Promise<Response> {
  return send(id, call as AnyCall | undefined);
}
