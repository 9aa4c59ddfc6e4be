import { OPENAI_BUDGETS, type RequestBudget } from './openai-client';
import { STRIPE_BUDGET } from './stripe-billing';

/**
 * Each provider client's own retries and deadline, in one place so they can be read against the
 * functions' timeouts (infra/aws/area-access.ts): attempts × timeout, plus the SDK's backoff (under a second
 * here), stays under the Lambda's, so a provider that answers 5xx, hangs or drops the connection costs the
 * traveller a 503 with the feature's own message, never a function timeout. The SDKs retry by themselves
 * (connection errors, 408/409/429/5xx, a timeout before the answer); nothing here loops by hand.
 *
 * A client's `timeout` covers the wait for the answer to start, not a stream that has started: a translation or
 * a voice that stalls mid-stream is ended by the function's own signal (lambdas/http, aborted before its timeout).
 */
/** A client's budget, and how many of its requests one call of the function makes one after another. */
export interface ClientDeadline extends RequestBudget {
  readonly sequentialRequests: number;
}

/**
 * Keyed by the Lambda area that builds the client (checked against its timeout in infra/aws/provider-deadlines.test.ts).
 * Stripe has no SDK in its bundle: provider-fetch.ts applies its budget the SDKs' way.
 */
export const CLIENT_DEADLINES = {
  translate: { ...OPENAI_BUDGETS.translate, sequentialRequests: 1 },
  tts: { ...OPENAI_BUDGETS.tts, sequentialRequests: 1 },
  analysis: { ...OPENAI_BUDGETS.analysis, sequentialRequests: 1 },
  vision: { ...OPENAI_BUDGETS.vision, sequentialRequests: 1 },
  // A first checkout creates the customer, then the session.
  billing: { ...STRIPE_BUDGET, sequentialRequests: 2 },
} as const satisfies Record<string, ClientDeadline>;

/** The SDKs' backoff between attempts stays under this (openai and provider-fetch.ts: 0.5 s doubling, capped; Deepgram similar). */
export const RETRY_BACKOFF_ALLOWANCE_MS = 2_000;
