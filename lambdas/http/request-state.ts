import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { RouteDefinition } from '@wayfarer/shared/api/route-types';

export interface AnonymousCaller {
  readonly kind: 'anonymous';
}

export interface UserCaller {
  readonly kind: 'user';
  readonly sub: string;
  readonly email?: string;
  /** Epoch seconds, when the verifier knows it. */
  readonly expiresAt?: number;
  /** The verified bearer token, for calls that act on the caller's own identity (refresh). */
  readonly token: string;
}

/** The admin dashboard's session: not a user role (docs/SPEC.md §6), a shared-password session. */
export interface AdminCaller {
  readonly kind: 'admin';
}

export type Caller = AnonymousCaller | UserCaller | AdminCaller;

/** What the middlewares learn about one request, handed to the route handler at the end. */
export interface RequestState {
  readonly route: RouteDefinition;
  readonly requestId: string;
  readonly startedAt: number;
  /** Header names lower-cased: API Gateway passes them as the client sent them. */
  readonly headers: Readonly<Record<string, string>>;
  rawBody: Buffer | undefined;
  body: unknown;
  query: unknown;
  pathParameters: unknown;
  caller: Caller;
}

// Keyed by the event object middy hands to every middleware and then to the handler, so state needs no
// mutation of the AWS event and disappears with the request.
const states = new WeakMap<object, RequestState>();

export function startRequestState(
  event: APIGatewayProxyEvent,
  route: RouteDefinition,
  requestId: string,
  startedAt: number,
): RequestState {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  const state: RequestState = {
    route,
    requestId,
    startedAt,
    headers,
    rawBody: undefined,
    body: undefined,
    query: event.queryStringParameters ?? {},
    pathParameters: event.pathParameters ?? {},
    caller: { kind: 'anonymous' },
  };
  states.set(event, state);
  return state;
}

export function requestStateOf(event: object): RequestState | undefined {
  return states.get(event);
}

export function requireRequestState(event: object): RequestState {
  const state = states.get(event);
  if (!state) throw new Error('Request state missing: the request-context middleware must run first');
  return state;
}
