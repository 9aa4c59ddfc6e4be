import type { z } from 'zod';

/**
 * Who may call a route.
 * - none: no token is read (login, register, public pages' calls).
 * - optional: anonymous callers allowed; a bearer token, when sent, must be valid (401 otherwise).
 * - required: a valid bearer token is required.
 * - admin-cookie: the admin session cookie set by verify-admin-password is required.
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'admin-cookie';

/** The 429 classes of docs/SPEC.md §8: each maps to one message key on the client. */
export type RateLimitClass =
  'auth' | 'password-reset' | 'speech' | 'expensive' | 'analysis' | 'stripe' | 'default';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** The Lambda areas: one bundle each, `lambdas/functions/<area>/handler.ts`; infra grants access per area. */
export type HandlerArea =
  | 'health'
  | 'capabilities'
  | 'auth'
  | 'reset-request'
  | 'speech'
  | 'tts'
  | 'translate'
  | 'analysis'
  | 'rates'
  | 'vision'
  | 'billing'
  | 'analytics'
  | 'account'
  | 'consumers'
  | 'mail';

/** A handler module's named export: what a route, an event rule or a schedule runs. */
export interface HandlerReference {
  readonly area: HandlerArea;
  readonly export: string;
}

/** How the request body arrives: JSON (validated by `body`), multipart form data, raw bytes (signed webhooks), or nothing. */
export type BodyKind = 'json' | 'multipart' | 'raw' | 'none';

/** Everything about a route but its schemas: what the client, the gateway and the CDK stack route on. */
export interface RouteMeta {
  /** Stable id, `<area>.<name>`; also the Lambda's logical name. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway resource path, e.g. `/api/tts/{provider}`. */
  readonly path: string;
  readonly auth: AuthMode;
  readonly rateLimitClass: RateLimitClass;
  /** The handler module `lambdas/functions/<area>/handler.ts` and its named export. */
  readonly handler: HandlerReference;
  /** True when the response is written through Lambda response streaming. */
  readonly streaming: boolean;
  readonly bodyKind: BodyKind;
  /** Largest accepted request body in bytes. */
  readonly maxBodyBytes: number;
  /**
   * The status of a well-formed request that breaks a schema rule: 422 by the house rule (docs/SPEC.md §8), or 400
   * where the route's issue asks for it (the analysis calls: blank text is a bad request).
   */
  readonly invalidRequestStatus?: 400 | 422;
}

/** A route's request and response shapes. */
export interface RouteSchemas {
  readonly request: {
    readonly body?: z.ZodType;
    readonly query?: z.ZodType;
    readonly pathParameters?: z.ZodType;
  };
  /** Shape of a successful JSON response (absent for streamed or binary responses). */
  readonly response?: z.ZodType;
}

export type RouteDefinition = RouteMeta & RouteSchemas;
