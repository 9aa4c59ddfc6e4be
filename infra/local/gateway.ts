/**
 * The local front door on http://localhost:PORT: what CloudFront and API Gateway do in AWS. /api/* becomes
 * an API Gateway REST proxy event for the same handler module the CDK stack deploys (streaming handlers
 * included); everything else is the static site.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { matchRoute, pathHasOtherMethods, routes, type RouteMatch } from '@wayfarer/shared/api/routes';
import { isStreamingHandler } from '@wayfarer/lambdas/http/awslambda-shim';
import { fromProxyResult, InvalidProxyResultError, normaliseIp, toApiGatewayEvent } from './api-event';
import {
  HandlerNotFoundError,
  lambdaContext,
  LambdaResponseStream,
  loadHandler,
  PreludeParser,
  type HandlerFunction,
  type HandlerRef,
  type StreamedHead,
} from './lambda-runtime';
import { LOCAL_ROUTE_PREFIX, type LocalRoute, type LocalSocket } from './local-routes';
import type { Logger } from './log';
import type { UpgradeListener } from './loopback';
import { SECURITY_HEADERS, type StaticSite } from './static-site';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { createViewerRateLimiter, viewerAddressOf, type ViewerLimitOptions } from './viewer-limits';

/** API Gateway REST's payload limit; each route's own, smaller limit is the handler's to enforce. */
const MAX_API_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway REST's integration timeout for buffered responses. */
const API_TIMEOUT_MS = 29_000;
/** Streamed responses may run longer (Lambda's own timeout applies); the CDK stack sets the same figure. */
const STREAMING_TIMEOUT_MS = 300_000;

export interface GatewayOptions {
  readonly staticSite: StaticSite;
  readonly localRoutes: readonly LocalRoute[];
  /** False until every embedded part is up: /api answers 503 meanwhile. */
  readonly isReady: () => boolean;
  readonly log: Logger;
  /** How handler modules are found; tests substitute their own. */
  readonly loadHandler?: (ref: HandlerRef) => Promise<HandlerFunction>;
  /** The per-viewer limits and who the viewer is (viewer-limits.ts); limits are on unless turned off. */
  readonly viewerLimits?: ViewerLimitOptions;
  /**
   * The host names `/__local/` answers on (default localhost, 127.0.0.1 and ::1): a page elsewhere that rebinds
   * its own name to 127.0.0.1 reaches the gateway with that name in Host, and must not read the outbox.
   */
  readonly localHostNames?: readonly string[];
}

/** Headers a proxy adds to say whom it forwards for: a process on this machine calling us directly sends none. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request came straight from a process on this machine, not through a reverse proxy: its peer is a
 * loopback address that is not a configured trusted proxy, and it names no one it forwards for. Only such a
 * request may reach `/__local/` on the gateway, whatever its Host says: behind nginx on this machine every
 * visitor's request arrives from loopback, and the outbox holds password-reset links.
 */
export function isDirectLoopback(request: IncomingMessage, trustedProxies: readonly string[] = []): boolean {
  if (request.socket.remoteAddress === undefined) return false;
  const peer = normaliseIp(request.socket.remoteAddress);
  if (!isLoopbackAddress(peer)) return false;
  if (trustedProxies.some((proxy) => normaliseIp(proxy) === peer)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

class PayloadTooLargeError extends Error {}
class TimeoutError extends Error {}

function sendJson(
  response: ServerResponse,
  statusCode: number,
  value: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = Buffer.from(JSON.stringify(value));
  response.writeHead(statusCode, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': body.length,
    'cache-control': 'no-store',
    ...extraHeaders,
  });
  response.end(body);
}

// An over-limit body is read and dropped up to this size before the 413 goes out: closing a connection with unread
// bytes makes the kernel reset it, and the client can lose the answer with it. Past this, the 413 goes out at once.
const DISCARD_UP_TO_BYTES = 32 * 1024 * 1024;

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > DISCARD_UP_TO_BYTES) {
      reject(new PayloadTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > limit;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (size > DISCARD_UP_TO_BYTES) {
        // Stop reading; the 413 goes out with `connection: close`, which ends the upload.
        request.pause();
        reject(new PayloadTooLargeError());
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () => (tooLarge ? reject(new PayloadTooLargeError()) : resolve(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function allowedMethods(pathname: string): string {
  return [
    ...new Set(routes.filter((route) => matchRoute(route.method, pathname)).map((route) => route.method)),
  ].join(', ');
}

function headHeaders(head: StreamedHead): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(head.headers)) headers[name.toLowerCase()] = value;
  for (const [name, values] of Object.entries(head.multiValueHeaders)) headers[name.toLowerCase()] = values;
  if (head.cookies.length > 0) headers['set-cookie'] = head.cookies;
  return headers;
}

/**
 * The error a response stream gets when its client disconnects: Node's own code for a peer that hung up, which is
 * what the Lambda runtime's stream reports too, so the route stack logs it as a cancellation, not a failure.
 */
function clientWentAway(): Error {
  return Object.assign(new Error('Client went away'), { code: 'ECONNRESET' });
}

/** Resolves once the response can take more bytes (or has gone away). */
function writeWithBackpressure(response: ServerResponse, chunk: Buffer): Promise<void> {
  if (response.destroyed) return Promise.reject(clientWentAway());
  if (response.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', gone);
      resolve();
    };
    const gone = () => {
      response.off('drain', done);
      reject(clientWentAway());
    };
    response.once('drain', done);
    response.once('close', gone);
  });
}

const DEFAULT_LOCAL_HOST_NAMES = ['localhost', '127.0.0.1', '::1'];

/** The Host header's name without its port, lower-cased, IPv6 without brackets; '' when there is none. */
function hostNameOf(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) return bracketed[1];
  return value.replace(/:\d+$/, '');
}

/**
 * Serves the `/__local/` routes to a request whose Host is one of `hostNames` (default localhost, 127.0.0.1 and ::1):
 * a page elsewhere that rebinds its own name to 127.0.0.1 reaches us with that name in Host, and must not read the
 * outbox. Who may ask at all is the caller's to decide (the gateway's direct-loopback rule; the local port's
 * loopback binding).
 */
function localRouteServer(
  localRoutes: readonly LocalRoute[],
  hostNames: readonly string[] = DEFAULT_LOCAL_HOST_NAMES,
) {
  const allowed = new Set(hostNames.map((name) => name.toLowerCase().replace(/^\[|\]$/g, '')));
  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    if (!allowed.has(hostNameOf(request.headers.host)))
      return sendJson(response, 403, { error: 'Forbidden' });
    const route = localRoutes.find((candidate) => candidate.path === url.pathname);
    if (!route) return sendJson(response, 404, { error: 'Not found' });
    if (route.method !== request.method) return sendJson(response, 405, { error: 'Method not allowed' });
    await route.handle(request, response, url);
  };
}

/**
 * The listener of the local port: the `/__local/` routes alone, on a loopback port of their own that no proxy is
 * pointed at (the gateway's port is the one an operator's nginx forwards), so the tests, the Lambdas' SES calls and
 * the local checkout reach the outbox and the local pages even where the gateway believes a proxy on loopback
 * (TRUSTED_PROXIES) and so refuses them `/__local/`.
 */
export function createLocalPortListener(options: {
  readonly localRoutes: readonly LocalRoute[];
  readonly localHostNames?: readonly string[];
  readonly log: Logger;
}) {
  const serveLocal = localRouteServer(options.localRoutes, options.localHostNames);
  return (request: IncomingMessage, response: ServerResponse): void => {
    const target = request.url ?? '/';
    const url = new URL(`http://localhost${target.startsWith('/') ? target : '/'}`);
    const served = url.pathname.startsWith(LOCAL_ROUTE_PREFIX)
      ? serveLocal(request, response, url)
      : Promise.resolve(sendJson(response, 404, { error: 'Not found' }));
    served.catch((error: unknown) => {
      options.log.error(`${request.method} ${url.pathname} failed`, error);
      sendJson(response, 500, { error: 'Internal server error' });
    });
  };
}

export function createGateway(options: GatewayOptions) {
  const { log } = options;
  const load = options.loadHandler ?? loadHandler;
  const limiter = createViewerRateLimiter(options.viewerLimits);

  async function invokeBuffered(
    handler: HandlerFunction,
    event: unknown,
    response: ServerResponse,
    match: RouteMatch,
    requestId: string,
  ): Promise<number> {
    const context = lambdaContext(match.route.id, API_TIMEOUT_MS, requestId);
    const reply = fromProxyResult(
      await withTimeout(Promise.resolve(handler(event, context)), API_TIMEOUT_MS),
    );
    response.writeHead(reply.statusCode, {
      ...SECURITY_HEADERS,
      ...reply.headers,
      'content-length': reply.body.length,
      'x-amzn-requestid': requestId,
    });
    response.end(reply.body);
    return reply.statusCode;
  }

  async function invokeStreaming(
    handler: HandlerFunction,
    event: unknown,
    response: ServerResponse,
    match: RouteMatch,
    requestId: string,
  ): Promise<number> {
    const parser = new PreludeParser();
    let statusCode = 200;
    const sendHead = (head: StreamedHead) => {
      statusCode = head.statusCode;
      response.writeHead(head.statusCode, {
        ...SECURITY_HEADERS,
        ...headHeaders(head),
        'x-amzn-requestid': requestId,
      });
      // Each chunk should reach the browser as soon as the handler writes it.
      response.flushHeaders();
    };
    const stream = new LambdaResponseStream({
      write: async (chunk, contentType) => {
        const { head, payload } = parser.push(chunk, contentType);
        if (head) sendHead(head);
        if (payload.length > 0) await writeWithBackpressure(response, payload);
      },
      end: async (contentType) => {
        const head = parser.finish(contentType);
        if (head) sendHead(head);
        response.end();
      },
    });
    response.on('close', () => {
      if (!response.writableFinished) stream.destroy(clientWentAway());
    });
    const context = lambdaContext(match.route.id, STREAMING_TIMEOUT_MS, requestId);
    await withTimeout(Promise.resolve(handler(event, stream, context)), STREAMING_TIMEOUT_MS);
    // The runtime closes the response when the handler settles, whether or not the handler ended the stream.
    if (!stream.writableEnded) stream.end();
    if (!stream.writableFinished && !stream.destroyed) {
      await new Promise<void>((resolve) => {
        stream.once('finish', resolve);
        stream.once('close', resolve);
      });
    }
    return statusCode;
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const started = Date.now();
    const method = request.method ?? 'GET';
    const match = matchRoute(method, url.pathname);
    if (!match) {
      if (pathHasOtherMethods(method, url.pathname)) {
        sendJson(response, 405, { error: 'Method not allowed' }, { allow: allowedMethods(url.pathname) });
      } else {
        sendJson(response, 404, { error: 'Not found' });
      }
      return;
    }
    if (!options.isReady()) {
      sendJson(response, 503, { error: 'The local cloud is still starting' }, { 'retry-after': '1' });
      return;
    }
    const viewerAddress = viewerAddressOf(request, options.viewerLimits?.trustedProxies);
    const refusal = limiter.admit(match.route, viewerAddress);
    if (refusal) {
      request.resume();
      sendJson(response, refusal.status, refusal.body, { 'retry-after': String(refusal.retryAfterSeconds) });
      log.info(`${method} ${url.pathname} 429 (per-viewer limit)`);
      return;
    }
    const requestId = randomUUID();
    let statusCode = 500;
    try {
      const body = await readBody(request, MAX_API_BODY_BYTES);
      const event = toApiGatewayEvent({ request, url, match, body, requestId, viewerAddress });
      const handler = await load(match.route.handler);
      if (isStreamingHandler(handler) !== match.route.streaming) {
        log.warn(
          `${match.route.id}: the route table says streaming=${match.route.streaming}, the handler disagrees`,
        );
      }
      statusCode = isStreamingHandler(handler)
        ? await invokeStreaming(handler, event, response, match, requestId)
        : await invokeBuffered(handler, event, response, match, requestId);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        statusCode = 413;
        sendJson(response, 413, { error: 'Request body too large' }, { connection: 'close' });
      } else if (error instanceof TimeoutError) {
        statusCode = 504;
        log.error(`${match.route.id} timed out`);
        sendJson(response, 504, { error: 'Endpoint request timed out' });
      } else if (response.destroyed && !response.writableFinished) {
        statusCode = 499;
      } else {
        statusCode = 502;
        if (error instanceof HandlerNotFoundError) {
          log.error(
            `${match.route.id}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`,
          );
        } else if (error instanceof InvalidProxyResultError) {
          log.error(`${match.route.id}: ${error.message}`);
        } else {
          log.error(`${match.route.id} threw`, error);
        }
        sendJson(response, 502, { error: 'Internal server error' });
      }
    } finally {
      log.info(`${method} ${url.pathname} ${statusCode} ${Date.now() - started}ms`);
    }
  }

  const serveLocal = localRouteServer(options.localRoutes, options.localHostNames);

  async function handleLocal(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (!isDirectLoopback(request, options.viewerLimits?.trustedProxies)) {
      return sendJson(response, 403, { error: 'Forbidden' });
    }
    await serveLocal(request, response, url);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = request.url ?? '/';
    // Origin-form only (`/path?query`): anything else is not a request a browser or SDK makes to us.
    if (!target.startsWith('/')) return sendJson(response, 400, { error: 'Bad request' });
    const url = new URL(`http://localhost${target}`);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(request, response, url);
    if (url.pathname.startsWith(LOCAL_ROUTE_PREFIX)) return handleLocal(request, response, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendJson(response, 405, { error: 'Method not allowed' }, { allow: 'GET, HEAD' });
    }
    return options.staticSite.serve(request, response, url);
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      log.error(`${request.method} ${request.url?.split('?')[0]} failed`, error);
      sendJson(response, 500, { error: 'Internal server error' });
    });
  };
}

export type RequestListener = ReturnType<typeof createGateway>;

/**
 * Hands a WebSocket upgrade to the first socket that claims its path; refuses the rest with 404. The gateway
 * plays CloudFront for sockets too: the viewer's address goes in CloudFront-Viewer-Address (over anything the
 * client sent), which is where the speech relay reads it in AWS.
 */
export function createUpgradeListener(
  sockets: () => readonly LocalSocket[],
  trustedProxies: readonly string[] = [],
): UpgradeListener {
  return (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    const viewer = viewerAddressOf(request, trustedProxies);
    const shown = viewer.includes(':') ? `[${viewer}]` : viewer;
    request.headers[VIEWER_ADDRESS_HEADER] = `${shown}:${request.socket.remotePort ?? 0}`;
    for (const candidate of sockets()) {
      if (candidate.handleUpgrade(request, socket, head)) return;
    }
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
}
