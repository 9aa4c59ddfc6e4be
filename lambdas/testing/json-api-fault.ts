import type { ServerResponse } from 'node:http';
import type { ProviderFault } from './openai-compatible-server';

/**
 * A JSON API's answer under a fault (the fault suite), for the test servers of APIs that answer one JSON
 * body (Deepgram's key API, the local Stripe): `status` answers the provider's own error body, `hang` accepts the
 * request and never answers, `cut` sends the headers (with the whole body's length) and the body's first half, then
 * closes the connection. Without a fault, the answer goes out whole.
 */
export function answerJson(
  response: ServerResponse,
  fault: ProviderFault | undefined,
  answer: { readonly status: number; readonly body: string; readonly headers?: Record<string, string> },
  errorBody: (status: number) => unknown,
): void {
  if (fault?.kind === 'hang') return;
  if (fault?.kind === 'status') {
    response.writeHead(fault.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(errorBody(fault.status)));
    return;
  }
  const body = Buffer.from(answer.body);
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': 'application/json',
    'content-length': String(body.length),
  });
  if (fault?.kind !== 'cut') return void response.end(body);
  response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.socket?.destroy());
}
