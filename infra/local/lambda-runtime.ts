/**
 * Just enough of the Lambda Node.js runtime to run our handler modules in this process: the `awslambda`
 * global (response streaming), a Lambda-like context, and the module loading the runtime does once per cold
 * start. Everything else the handlers see (the event) is built by the gateway and the event bus.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Context } from 'aws-lambda';
import {
  HTTP_INTEGRATION_CONTENT_TYPE,
  installAwsLambdaShim as installShim,
  PRELUDE_SEPARATOR as PRELUDE_DELIMITER,
} from '@wayfarer/lambdas/http/awslambda-shim';

export const REGION = 'us-east-1';
/** DynamoDB Local and cognito-local accept any account; this is the one AWS documents for examples. */
export const ACCOUNT_ID = '000000000000';

export type HandlerFunction = (...args: unknown[]) => unknown;

/**
 * The stream handed to a streaming handler. It forwards bytes to `sink` as they arrive; whether they begin
 * with an HTTP prelude is left to the sink, exactly as Lambda leaves it to API Gateway.
 */
export class LambdaResponseStream extends Writable {
  contentType = 'application/octet-stream';

  constructor(private readonly sink: ResponseSink) {
    super();
  }

  setContentType(contentType: string): void {
    this.contentType = contentType;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.sink.write(chunk, this.contentType).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.sink.end(this.contentType).then(() => callback(), callback);
  }
}

export interface ResponseSink {
  write(chunk: Buffer, contentType: string): Promise<void>;
  end(contentType: string): Promise<void>;
}

export interface StreamedHead {
  statusCode: number;
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  cookies: string[];
}

/**
 * Splits a streamed body into its HTTP prelude and payload, as API Gateway does for a STREAM integration.
 * Feed chunks in order; `head` is settled once the prelude is complete (or found to be absent).
 */
export class PreludeParser {
  private buffered = Buffer.alloc(0);
  private done = false;

  /** Returns the head (once) and any payload bytes that follow it in this chunk. */
  push(chunk: Buffer, contentType: string): { head?: StreamedHead; payload: Buffer } {
    if (this.done) return { payload: chunk };
    if (contentType !== HTTP_INTEGRATION_CONTENT_TYPE) {
      this.done = true;
      return { head: plainHead(contentType), payload: chunk };
    }
    this.buffered = Buffer.concat([this.buffered, chunk]);
    const end = this.buffered.indexOf(PRELUDE_DELIMITER);
    if (end === -1) return { payload: Buffer.alloc(0) };
    this.done = true;
    const head = parsePrelude(this.buffered.subarray(0, end).toString('utf8'));
    const payload = this.buffered.subarray(end + PRELUDE_DELIMITER.length);
    this.buffered = Buffer.alloc(0);
    return { head, payload };
  }

  /** At the end of the stream: the head if it was never settled (empty body, or a prelude with no delimiter). */
  finish(contentType: string): StreamedHead | undefined {
    if (this.done) return undefined;
    this.done = true;
    if (contentType !== HTTP_INTEGRATION_CONTENT_TYPE || this.buffered.length === 0) return plainHead(contentType);
    return parsePrelude(this.buffered.toString('utf8'));
  }
}

function plainHead(contentType: string): StreamedHead {
  return { statusCode: 200, headers: { 'content-type': contentType }, multiValueHeaders: {}, cookies: [] };
}

function parsePrelude(text: string): StreamedHead {
  const prelude = JSON.parse(text) as {
    statusCode?: unknown;
    headers?: Record<string, unknown>;
    multiValueHeaders?: Record<string, unknown>;
    cookies?: unknown;
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(prelude.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name] = String(value);
  }
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(prelude.multiValueHeaders ?? {})) {
    if (Array.isArray(values)) multiValueHeaders[name] = values.map(String);
  }
  return {
    statusCode: typeof prelude.statusCode === 'number' ? prelude.statusCode : 200,
    headers,
    multiValueHeaders,
    cookies: Array.isArray(prelude.cookies) ? prelude.cookies.map(String) : [],
  };
}

/**
 * Installs the `awslambda` global. It must exist before any handler module is evaluated: middy reads it at
 * import time for streaming handlers. Here the gateway is the runtime, so its shim replaces any other.
 */
export function installAwsLambdaShim(): void {
  installShim({ replace: true });
}

export interface HandlerRef {
  readonly area: string;
  readonly export: string;
}

export class HandlerNotFoundError extends Error {
  constructor(ref: HandlerRef, cause?: unknown) {
    super(`No handler export "${ref.export}" in lambdas/functions/${ref.area}/handler.ts`, { cause });
    this.name = 'HandlerNotFoundError';
  }
}

const modules = new Map<string, Promise<Record<string, unknown>>>();

/** Imports a handler module once, like a warm Lambda, and returns the named export. */
export async function loadHandler(ref: HandlerRef): Promise<HandlerFunction> {
  if (!/^[a-z][a-z0-9-]*$/.test(ref.area)) throw new HandlerNotFoundError(ref);
  installAwsLambdaShim();
  let module = modules.get(ref.area);
  if (!module) {
    module = import(`@wayfarer/lambdas/functions/${ref.area}/handler`) as Promise<Record<string, unknown>>;
    modules.set(ref.area, module);
    // A module that failed to load is retried on the next call, so fixing the file needs no restart.
    module.catch(() => modules.delete(ref.area));
  }
  let loaded: Record<string, unknown>;
  try {
    loaded = await module;
  } catch (error) {
    throw new HandlerNotFoundError(ref, error);
  }
  const handler = loaded[ref.export];
  if (typeof handler !== 'function') throw new HandlerNotFoundError(ref);
  return handler as HandlerFunction;
}

/** A Lambda-like context; `timeoutMs` is what getRemainingTimeInMillis counts down from. */
export function lambdaContext(functionName: string, timeoutMs: number, requestId: string = randomUUID()): Context {
  const deadline = Date.now() + timeoutMs;
  const safeName = functionName.replace(/[^A-Za-z0-9-_]/g, '-');
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: safeName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${safeName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${safeName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
