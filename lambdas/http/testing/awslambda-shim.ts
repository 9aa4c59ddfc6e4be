import { Writable } from 'node:stream';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { makeLambdaContext } from './make-api-event';

// The Lambda Node runtime provides a global `awslambda`; middy reads it when a handler module builds a
// streaming route. This stand-in, the only one (unit tests and the local cloud's runtime both install it),
// behaves like the runtime's: `streamifyResponse` marks the handler, and `HttpResponseStream.from` sets the
// HTTP integration content type and writes the JSON prelude and eight NUL bytes before the body.

/** The marker the real runtime (aws-lambda-nodejs-runtime-interface-client) puts on a streamified handler. */
const STREAMING_MARK = Symbol.for('aws.lambda.runtime.handler.streaming');
/** The content type HttpResponseStream.from sets: the body starts with a JSON prelude and 8 NUL bytes. */
export const HTTP_INTEGRATION_CONTENT_TYPE = 'application/vnd.awslambda.http-integration-response';
export const PRELUDE_SEPARATOR = Buffer.alloc(8);

type AnyHandler = (...args: never[]) => unknown;

const shim = {
  streamifyResponse<T extends AnyHandler>(handler: T): T {
    Object.defineProperty(handler, STREAMING_MARK, { value: 'response' });
    return handler;
  },
  HttpResponseStream: {
    from(stream: Writable & { setContentType?: (type: string) => void }, prelude: Record<string, unknown>) {
      // Plain Writables (a test's capture) have no content type to set.
      stream.setContentType?.(HTTP_INTEGRATION_CONTENT_TYPE);
      stream.write(JSON.stringify(prelude));
      stream.write(PRELUDE_SEPARATOR);
      return stream;
    },
  },
};

/**
 * Installs the stand-in unless a real runtime already provided one; `replace` installs it regardless (the
 * local cloud, which is the runtime there).
 */
export function installAwsLambdaShim(options: { readonly replace?: boolean } = {}): void {
  const host = globalThis as { awslambda?: unknown };
  if (options.replace) host.awslambda = shim;
  else host.awslambda ??= shim;
}

export function isStreamingHandler(handler: unknown): boolean {
  return (handler as Record<symbol, unknown> | undefined)?.[STREAMING_MARK] === 'response';
}

export interface StreamedResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly cookies?: readonly string[];
  readonly body: Buffer;
}

/** Splits what a streaming handler wrote into the prelude (status, headers) and the body bytes. */
export function parseStreamedResponse(written: Buffer): StreamedResponse {
  const separatorAt = written.indexOf(PRELUDE_SEPARATOR);
  if (separatorAt === -1) throw new Error('No response prelude was written');
  const prelude = JSON.parse(written.subarray(0, separatorAt).toString('utf8')) as {
    statusCode?: number;
    headers?: Record<string, string>;
    cookies?: string[];
  };
  return {
    statusCode: prelude.statusCode ?? 200,
    headers: prelude.headers ?? {},
    ...(prelude.cookies ? { cookies: prelude.cookies } : {}),
    body: written.subarray(separatorAt + PRELUDE_SEPARATOR.length),
  };
}

type StreamingHandler = (
  event: APIGatewayProxyEvent,
  responseStream: Writable,
  context: Context,
) => Promise<void>;

/** Runs a streaming handler to completion and returns what the client would have received. */
export async function invokeStreamingHandler(
  handler: StreamingHandler,
  event: APIGatewayProxyEvent,
  context: Context = makeLambdaContext(),
): Promise<StreamedResponse> {
  const chunks: Buffer[] = [];
  const responseStream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      callback();
    },
  });
  await handler(event, responseStream, context);
  return parseStreamedResponse(Buffer.concat(chunks));
}
