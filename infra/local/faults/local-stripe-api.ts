import type { IncomingMessage, ServerResponse } from 'node:http';
import { createStripeEmulator, type StripeEmulator } from '@wayfarer/engines/billing/stripe-emulator';
import { answerJson } from '@wayfarer/lambdas/testing/json-api-fault';
import type { ProviderFault } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { startTestServer } from '@wayfarer/lambdas/testing/test-server';

/**
 * Stripe's API over HTTP for the fault suite: the Stripe emulator (engines/billing/stripe-emulator.ts, which
 * speaks Stripe's forms, errors and Idempotency-Key replays) behind a real socket, so the billing adapter reaches it
 * through STRIPE_API_URL as it reaches api.stripe.com, and so it can be made to fail (lambdas/testing/json-api-fault.ts).
 */
export interface LocalStripeApi {
  readonly url: string;
  readonly emulator: StripeEmulator;
  fault(fault: ProviderFault | undefined): void;
  /** Requests received, faulted ones included, with the Idempotency-Key each carried. */
  readonly requests: readonly { readonly path: string; readonly idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

/** Stripe's error body for a 5xx (docs.stripe.com/api/errors). */
const stripeError = () => ({
  error: { type: 'api_error', message: 'An unknown error occurred (scripted).' },
});

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLocalStripeApi(options: {
  readonly secretKey: string;
  readonly prices: readonly string[];
}): Promise<LocalStripeApi> {
  const emulator = createStripeEmulator({
    ...options,
    checkoutPageUrl: 'https://checkout.stripe.test/pay',
    portalPageUrl: 'https://billing.stripe.test/portal',
  });
  let current: ProviderFault | undefined;
  const requests: { path: string; idempotencyKey: string | undefined }[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await bodyOf(request);
    const key = request.headers['idempotency-key'];
    requests.push({ path: request.url ?? '/', idempotencyKey: typeof key === 'string' ? key : undefined });
    const fault = current;
    // Under a 5xx or a hang the emulator never sees the request: Stripe did nothing.
    if (fault?.kind === 'status' || fault?.kind === 'hang')
      return answerJson(response, fault, { status: 500, body: '' }, stripeError);
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value]] : [],
      ),
    );
    const answer = await emulator.fetch(`https://api.stripe.com${request.url ?? '/'}`, {
      method: request.method,
      headers,
      ...(request.method === 'GET' ? {} : { body }),
    });
    answerJson(response, fault, { status: answer.status, body: await answer.text() }, stripeError);
  }

  const server = await startTestServer({
    handle: (request, response) => void handle(request, response).catch(() => response.destroy()),
  });
  return {
    url: server.url,
    emulator,
    fault: (fault) => {
      current = fault;
    },
    requests,
    close: () => server.close(),
  };
}
