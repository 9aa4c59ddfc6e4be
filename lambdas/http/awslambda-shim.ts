import type { Writable } from 'node:stream';

// The Lambda Node runtime provides a global `awslambda`; middy reads it when a handler module builds a
// streaming route. This stand-in, the only one (the local cloud's runtime and unit tests both install it),
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
