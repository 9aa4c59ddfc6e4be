import { Writable } from 'node:stream';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { PRELUDE_SEPARATOR } from '../awslambda-shim';
import { makeLambdaContext } from './make-api-event';

// Runs a streaming handler as a test would: what it writes, split as the client receives it.

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
