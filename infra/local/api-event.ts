/**
 * Turns an HTTP request into the API Gateway REST (v1) proxy event our handlers get in AWS, and a proxy
 * result back into an HTTP response. Field by field it follows what API Gateway sends for a Lambda proxy
 * integration, so handler code cannot tell the two apart.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { callerIdentity } from '@wayfarer/lambdas/http/caller-identity';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';
import type { RouteMatch } from '@wayfarer/shared/api/routes';
import { ACCOUNT_ID } from './lambda-runtime';

export const STAGE = 'local';
const API_ID = 'local';

/**
 * Content types API Gateway is told to treat as binary (the CDK stack must list the same): their bodies reach
 * the handler base64-encoded with isBase64Encoded set; everything else arrives as UTF-8 text.
 */
const BINARY_MEDIA_TYPES = [/^multipart\//i, /^image\//i, /^audio\//i, /^application\/octet-stream/i];

export function isBinaryContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && BINARY_MEDIA_TYPES.some((pattern) => pattern.test(contentType));
}

/** `::ffff:127.0.0.1` -> `127.0.0.1`: API Gateway reports IPv4 callers in dotted form. */
export function normaliseIp(address: string | undefined): string {
  if (!address) return '127.0.0.1';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

function headerMaps(rawHeaders: readonly string[]): {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
} {
  // API Gateway keeps the caller's header-name casing, with the last value winning in `headers`.
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] as string;
    const value = rawHeaders[index + 1] as string;
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
    headers[existing] = value;
    (multiValueHeaders[existing] ??= []).push(value);
  }
  return { headers, multiValueHeaders };
}

function setHeader(
  maps: { headers: Record<string, string>; multiValueHeaders: Record<string, string[]> },
  name: string,
  value: string,
): void {
  const existing = Object.keys(maps.headers).find((key) => key.toLowerCase() === name.toLowerCase());
  if (existing) {
    delete maps.headers[existing];
    delete maps.multiValueHeaders[existing];
  }
  maps.headers[name] = value;
  maps.multiValueHeaders[name] = [value];
}

function queryMaps(search: URLSearchParams): {
  queryStringParameters: Record<string, string> | null;
  multiValueQueryStringParameters: Record<string, string[]> | null;
} {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of search) {
    single[name] = value;
    (multi[name] ??= []).push(value);
  }
  const empty = Object.keys(single).length === 0;
  return {
    queryStringParameters: empty ? null : single,
    multiValueQueryStringParameters: empty ? null : multi,
  };
}

export interface ApiRequest {
  readonly request: IncomingMessage;
  readonly url: URL;
  readonly match: RouteMatch;
  readonly body: Buffer;
  readonly requestId?: string;
  readonly now?: Date;
  /** The viewer, when not the connection itself (a trusted proxy's viewer-limits.ts); default the peer. */
  readonly viewerAddress?: string;
}

export function toApiGatewayEvent({
  request,
  url,
  match,
  body,
  requestId,
  now,
  viewerAddress,
}: ApiRequest): APIGatewayProxyEvent {
  const id = requestId ?? randomUUID();
  const time = now ?? new Date();
  const sourceIp = viewerAddress ?? normaliseIp(request.socket.remoteAddress);
  const maps = headerMaps(request.rawHeaders);
  // What CloudFront adds for the API (shared/api/viewer-headers.ts), over anything the client sent: the
  // viewer's address and port. The gateway plays CloudFront, so a client cannot choose it here either.
  const shownIp = sourceIp.includes(':') ? `[${sourceIp}]` : sourceIp;
  setHeader(maps, VIEWER_ADDRESS_HEADER, `${shownIp}:${request.socket.remotePort ?? 0}`);
  // What CloudFront and API Gateway add on the way in: the caller's address appended to X-Forwarded-For.
  const forwardedFor = Object.entries(maps.headers).find(
    ([name]) => name.toLowerCase() === 'x-forwarded-for',
  )?.[1];
  setHeader(maps, 'X-Forwarded-For', forwardedFor ? `${forwardedFor}, ${sourceIp}` : sourceIp);
  setHeader(maps, 'X-Forwarded-Proto', 'http');
  setHeader(maps, 'X-Forwarded-Port', String(request.socket.localPort ?? 80));
  const contentType = request.headers['content-type'];
  const isBase64Encoded = body.length > 0 && isBinaryContentType(contentType);
  const pathParameters = Object.keys(match.pathParameters).length > 0 ? { ...match.pathParameters } : null;
  const path = url.pathname;
  const host = request.headers.host ?? 'localhost';
  const userAgent = request.headers['user-agent'] ?? null;
  return {
    resource: match.route.path,
    path,
    httpMethod: match.route.method,
    headers: maps.headers,
    multiValueHeaders: maps.multiValueHeaders,
    ...queryMaps(url.searchParams),
    pathParameters,
    stageVariables: null,
    body: body.length === 0 ? null : body.toString(isBase64Encoded ? 'base64' : 'utf8'),
    isBase64Encoded,
    requestContext: {
      accountId: ACCOUNT_ID,
      apiId: API_ID,
      authorizer: null,
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      extendedRequestId: id,
      httpMethod: match.route.method,
      identity: callerIdentity(sourceIp, userAgent),
      path: `/${STAGE}${path}`,
      protocol: `HTTP/${request.httpVersion}`,
      requestId: id,
      requestTime: formatRequestTime(time),
      requestTimeEpoch: time.getTime(),
      resourceId: API_ID,
      resourcePath: match.route.path,
      stage: STAGE,
    },
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestTime` format: `09/Apr/2015:12:34:56 +0000`. */
function formatRequestTime(time: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(time.getUTCDate())}/${MONTHS[time.getUTCMonth()]}/${time.getUTCFullYear()}:` +
    `${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())} +0000`
  );
}

export interface HttpReply {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export class InvalidProxyResultError extends Error {
  constructor(detail: string) {
    super(`Malformed Lambda proxy response: ${detail}`);
    this.name = 'InvalidProxyResultError';
  }
}

/** Maps a proxy integration result to a reply; API Gateway answers 502 for what this rejects. */
export function fromProxyResult(result: unknown): HttpReply {
  if (typeof result !== 'object' || result === null) throw new InvalidProxyResultError('not an object');
  const { statusCode, headers, multiValueHeaders, body, isBase64Encoded } = result as Record<string, unknown>;
  if (
    typeof statusCode !== 'number' ||
    !Number.isInteger(statusCode) ||
    statusCode < 100 ||
    statusCode > 599
  ) {
    throw new InvalidProxyResultError('statusCode must be an HTTP status');
  }
  if (body !== undefined && body !== null && typeof body !== 'string') {
    throw new InvalidProxyResultError('body must be a string');
  }
  const merged: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries((headers as Record<string, unknown> | undefined) ?? {})) {
    if (value !== undefined && value !== null) merged[name.toLowerCase()] = String(value);
  }
  for (const [name, values] of Object.entries(
    (multiValueHeaders as Record<string, unknown> | undefined) ?? {},
  )) {
    if (!Array.isArray(values)) continue;
    const key = name.toLowerCase();
    const previous = merged[key];
    const existing = previous === undefined ? [] : Array.isArray(previous) ? previous : [previous];
    // API Gateway merges both maps and keeps a value given in both only once.
    merged[key] = [...new Set([...existing, ...values.map(String)])];
  }
  const text = typeof body === 'string' ? body : '';
  return {
    statusCode,
    headers: merged,
    body: Buffer.from(text, isBase64Encoded === true ? 'base64' : 'utf8'),
  };
}
