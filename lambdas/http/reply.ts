import { Readable } from 'node:stream';
import type { APIGatewayProxyResult } from 'aws-lambda';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ReplyOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Full Set-Cookie values (name=value; attributes). */
  readonly cookies?: readonly string[];
}

/**
 * A response other than "200 with this JSON": another status, extra headers, cookies or bytes. Route handlers
 * return plain data for the common case and a reply only when they need one of these.
 */
export class HttpReply {
  constructor(
    readonly statusCode: number,
    readonly body:
      | { readonly kind: 'json'; readonly value: unknown }
      | { readonly kind: 'bytes'; readonly value: Buffer; readonly contentType: string },
    readonly options: ReplyOptions = {},
  ) {}
}

export function jsonReply(statusCode: number, value: unknown, options?: ReplyOptions): HttpReply {
  return new HttpReply(statusCode, { kind: 'json', value }, options);
}

export function bytesReply(
  value: Buffer,
  contentType: string,
  options?: ReplyOptions & { statusCode?: number },
): HttpReply {
  return new HttpReply(options?.statusCode ?? 200, { kind: 'bytes', value, contentType }, options);
}

/** The answer of a streaming route: status and content type first, then the body as it is produced. */
export class StreamReply {
  constructor(
    readonly body: Readable,
    readonly contentType: string,
    readonly statusCode = 200,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

export function streamReply(
  body: Readable | AsyncIterable<string | Uint8Array>,
  contentType: string,
  options: { statusCode?: number; headers?: Readonly<Record<string, string>> } = {},
): StreamReply {
  const readable = body instanceof Readable ? body : Readable.from(body);
  return new StreamReply(readable, contentType, options.statusCode ?? 200, options.headers ?? {});
}

/** API Gateway's result, plus the streaming form middy pipes to the response stream. */
export type HttpResult = APIGatewayProxyResult;
export interface StreamingHttpResult {
  statusCode: number;
  headers: Record<string, string>;
  /** The streaming prelude carries Set-Cookie values here (it has no multiValueHeaders). */
  cookies?: string[];
  body: Readable | string;
}

export function toHttpResult(reply: HttpReply): HttpResult {
  const headers: Record<string, string> = { ...reply.options.headers };
  const result: HttpResult = { statusCode: reply.statusCode, headers, body: '' };
  if (reply.body.kind === 'json') {
    headers['content-type'] = JSON_CONTENT_TYPE;
    // A handler that returns nothing still answers valid JSON.
    result.body = JSON.stringify(reply.body.value ?? null);
  } else {
    headers['content-type'] = reply.body.contentType;
    result.body = reply.body.value.toString('base64');
    result.isBase64Encoded = true;
  }
  if (reply.options.cookies && reply.options.cookies.length > 0) {
    result.multiValueHeaders = { 'set-cookie': [...reply.options.cookies] };
  }
  return result;
}

export function errorResult(
  statusCode: number,
  message: string,
  headers?: Readonly<Record<string, string>>,
): HttpResult {
  return toHttpResult(jsonReply(statusCode, { error: message }, headers ? { headers } : undefined));
}
