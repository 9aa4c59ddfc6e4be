import { Readable } from 'node:stream';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { RouteDefinition } from '@wayfarer/shared/api/route-types';
import { routes, type RouteId } from '@wayfarer/shared/api/routes';
import { errorFields, type Logger } from '../logger';
import { withRequestScope } from '../request-scope';
import { authenticate, type AuthenticationPorts } from './authenticate';
import { bodyLimit, parseBody } from './body';
import { errorHandler } from './error-handler';
import { UnauthorizedError } from './errors';
import {
  HttpReply,
  jsonReply,
  toHttpResult,
  type HttpResult,
  type StreamReply,
  type StreamingHttpResult,
} from './reply';
import { requestContext } from './request-context';
import { responseGoneSignal, watchResponse } from './response-gone';
import {
  requireRequestState,
  type AdminCaller,
  type AnonymousCaller,
  type Caller,
  type UserCaller,
} from './request-state';
import { securityHeaders } from './security-headers';
import { validateRequest } from './validate';
import { viewerIpOf } from './viewer-ip';

// --- Types derived from the route table -------------------------------------------------------------------
// Precise when the table keeps each route's literal type; while it widens them to RouteDefinition, these fall
// back to `unknown` bodies and any caller, and handlers narrow with requireUser.

type TableRoute = (typeof routes)[number];
export type RouteById<Id extends string> = [Extract<TableRoute, { readonly id: Id }>] extends [never]
  ? RouteDefinition
  : Extract<TableRoute, { readonly id: Id }>;

type RequestPart<
  R extends RouteDefinition,
  Part extends keyof RouteDefinition['request'],
> = R['request'][Part] extends infer Schema
  ? Schema extends z.ZodType
    ? z.output<Schema>
    : undefined
  : never;

type CallerFor<Mode extends RouteDefinition['auth']> = Mode extends 'required'
  ? UserCaller
  : Mode extends 'optional'
    ? AnonymousCaller | UserCaller
    : Mode extends 'admin-cookie'
      ? AdminCaller
      : AnonymousCaller;

type ResponseOf<R extends RouteDefinition> = R['response'] extends infer Schema
  ? Schema extends z.ZodType
    ? z.input<Schema>
    : unknown
  : unknown;

/** What a route handler receives: everything already limited, parsed, validated and authenticated. */
export interface HttpRequest<R extends RouteDefinition = RouteDefinition> {
  readonly route: R;
  readonly requestId: string;
  readonly auth: CallerFor<R['auth']>;
  /** The validated JSON body (bodyKind json); undefined for other kinds. */
  readonly body: RequestPart<R, 'body'>;
  readonly query: RequestPart<R, 'query'>;
  readonly pathParameters: RequestPart<R, 'pathParameters'>;
  /** The exact bytes sent (raw webhooks, multipart uploads); undefined when there was no body. */
  readonly rawBody: Buffer | undefined;
  /** Request headers with lower-cased names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly contentType: string | undefined;
  /**
   * The viewer's address, what per-IP counters and allowances key on: the address in CloudFront-Viewer-Address
   * (viewer-ip.ts), which only CloudFront sets on a request that reaches the API (the stage's web ACL refuses
   * any that bypassed it: infra/aws/constructs/api-firewall.ts), else the source address API Gateway reports,
   * which its documentation calls the address of the TCP connection, and behind CloudFront may be an edge's.
   */
  readonly sourceIp: string | undefined;
  /** Aborted just before the Lambda times out. */
  readonly signal: AbortSignal;
  readonly event: APIGatewayProxyEvent;
  readonly context: Context;
}

type Awaitable<T> = T | Promise<T>;

export type RouteHandler<R extends RouteDefinition> = (
  request: HttpRequest<R>,
) => Awaitable<ResponseOf<R> | HttpReply>;
export type StreamingRouteHandler<R extends RouteDefinition> = (
  request: HttpRequest<R>,
) => Awaitable<StreamReply | HttpReply>;

/** The exported Lambda handler of a JSON route. */
export type HttpLambdaHandler = middy.MiddyfiedHandler<APIGatewayProxyEvent, HttpResult>;
/**
 * The exported Lambda handler of a streaming route: what `awslambda.streamifyResponse` returns, called by
 * the runtime (or the local gateway's shim) with a response stream.
 */
export type StreamingLambdaHandler = (
  event: APIGatewayProxyEvent,
  responseStream: NodeJS.WritableStream,
  context: Context,
) => Promise<void>;

export interface HttpDependencies extends AuthenticationPorts {
  readonly logger: Logger;
}

// --- Building a route -------------------------------------------------------------------------------------

export function routeById(id: string): RouteDefinition {
  const route = routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id '${id}' in shared/api/routes.ts`);
  return route;
}

function handlerRequest<R extends RouteDefinition>(
  event: APIGatewayProxyEvent,
  context: Context,
  signal: AbortSignal,
): HttpRequest<R> {
  const state = requireRequestState(event);
  return {
    route: state.route as R,
    requestId: state.requestId,
    auth: state.caller as CallerFor<R['auth']>,
    body: state.body as RequestPart<R, 'body'>,
    query: state.query as RequestPart<R, 'query'>,
    pathParameters: state.pathParameters as RequestPart<R, 'pathParameters'>,
    rawBody: state.rawBody,
    headers: state.headers,
    contentType: state.headers['content-type'],
    sourceIp: viewerIpOf(state.headers, event.requestContext?.identity?.sourceIp),
    signal,
    event,
    context,
  };
}

// Order matters: middy runs `before` in this order and `after`/`onError` in reverse, so the access log and
// the security headers wrap everything, and the error handler sees every failure below it. Authentication
// runs before parsing so an unauthenticated caller gets a 401 without learning anything about the schema.
function withStack<Handler extends middy.MiddyfiedHandler<APIGatewayProxyEvent>>(
  handler: Handler,
  route: RouteDefinition,
  dependencies: HttpDependencies,
): Handler {
  handler
    .use(requestContext(route, dependencies.logger))
    .use(securityHeaders())
    .use(errorHandler(dependencies.logger))
    .use(bodyLimit())
    .use(authenticate(dependencies))
    .use(parseBody())
    .use(validateRequest());
  return handler;
}

function toStreamingResult(result: StreamReply | HttpReply): StreamingHttpResult {
  if (result instanceof HttpReply) {
    const { statusCode, headers, body } = toHttpResult(result);
    const cookies = result.options.cookies;
    return {
      statusCode,
      headers: headers as Record<string, string>,
      ...(cookies && cookies.length > 0 ? { cookies: [...cookies] } : {}),
      // A stream carries bytes as they are; base64 is only API Gateway's envelope for buffered responses.
      body: result.body.kind === 'bytes' ? Readable.from([result.body.value]) : body,
    };
  }
  return {
    statusCode: result.statusCode,
    headers: { ...result.headers, 'content-type': result.contentType },
    body: result.body,
  };
}

interface AwsLambdaGlobal {
  streamifyResponse<T>(handler: T): T;
}

const HANG_UP_CODES = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/** How long before its deadline middy answers a handler that is still running with its timeout (503). */
const TIMEOUT_EARLY_MS = 5;

/**
 * The handler's abort signal, its invocation's own: aborted as the deadline nears, when middy gives up on it. Not
 * the signal middy hands over: middy keeps one AbortController for the whole process and aborts it when any
 * invocation times out, which in the local gateway (many invocations at once in one process) cancelled every
 * request in flight: one photo past its deadline would fail a translation beside it.
 */
function deadlineSignal(context: Context): AbortSignal {
  const remaining = context.getRemainingTimeInMillis();
  return AbortSignal.timeout(Math.max(0, remaining - TIMEOUT_EARLY_MS));
}

function isHangUp(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && HANG_UP_CODES.has(code);
}

/** Builds `httpRoute` and `streamingRoute` over the given ports; tests pass fakes, handlers use the defaults. */
export function createHttpRoutes(dependencies: HttpDependencies) {
  /** Wires a JSON route of the table: `export const login = httpRoute('auth.login', (request) => ...)`. */
  function httpRoute<Id extends RouteId>(id: Id, handle: RouteHandler<RouteById<Id>>): HttpLambdaHandler {
    const route = routeById(id);
    if (route.streaming) throw new Error(`Route '${id}' streams: wire it with streamingRoute`);
    const lambda = middy<APIGatewayProxyEvent, HttpResult>(
      async (event: APIGatewayProxyEvent, context: Context) => {
        const request = handlerRequest<RouteById<Id>>(event, context, deadlineSignal(context));
        // The handler's log lines and the events it publishes carry the request id (request-scope.ts).
        const result = await withRequestScope(request.requestId, () => handle(request));
        return toHttpResult(result instanceof HttpReply ? result : jsonReply(200, result));
      },
      { timeoutEarlyInMillis: TIMEOUT_EARLY_MS },
    );
    return withStack(lambda, route, dependencies);
  }

  /**
   * Wires a streaming route (`streaming: true`): the handler returns a StreamReply, piped to the client as
   * it is produced. Failures before the stream starts still answer `{error}` JSON with the right status.
   */
  function streamingRoute<Id extends RouteId>(
    id: Id,
    handle: StreamingRouteHandler<RouteById<Id>>,
  ): StreamingLambdaHandler {
    const route = routeById(id);
    if (!route.streaming) throw new Error(`Route '${id}' does not stream: wire it with httpRoute`);
    const lambda = middy<APIGatewayProxyEvent, StreamingHttpResult>(
      async (event: APIGatewayProxyEvent, context: Context) => {
        const signal = deadlineSignal(context);
        const gone = responseGoneSignal(event);
        const request = handlerRequest<RouteById<Id>>(
          event,
          context,
          gone ? AbortSignal.any([signal, gone]) : signal,
        );
        const result = await withRequestScope(request.requestId, () => handle(request));
        if (!(result instanceof HttpReply)) {
          // Once bytes flow, the status is sent: a failure now can only cut the stream, so log it here.
          result.body.once('error', (error) => {
            const fields = { routeId: route.id, requestId: request.requestId, ...errorFields(error) };
            // A traveller who stops or leaves the page hangs up mid-stream: that is normal, not a failure.
            if (isHangUp(error)) dependencies.logger.info('stream cancelled by the client', fields);
            else dependencies.logger.error('stream failed', fields);
          });
        }
        return toStreamingResult(result);
      },
      { streamifyResponse: true, timeoutEarlyInMillis: TIMEOUT_EARLY_MS },
    );
    const stacked = withStack(lambda, route, dependencies) as unknown as StreamingLambdaHandler;
    const watched: StreamingLambdaHandler = (event, responseStream, context) => {
      watchResponse(event, responseStream);
      return stacked(event, responseStream, context);
    };
    // The runtime streams only handlers marked so; middy marked `stacked`, this wrapper needs it too.
    return (globalThis as unknown as { awslambda: AwsLambdaGlobal }).awslambda.streamifyResponse(watched);
  }

  return { httpRoute, streamingRoute };
}

/** The signed-in user behind a request; 401 for anyone else (for routes that also allow anonymous calls). */
export function requireUser(caller: Caller): UserCaller {
  if (caller.kind !== 'user') throw new UnauthorizedError();
  return caller;
}
