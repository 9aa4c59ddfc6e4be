import { OPENAI_BUDGETS } from './openai-client';

/**
 * Each provider client's own retries and deadline (issue 26), in one place so they can be read against the
 * functions' timeouts (infra/aws/area-access.ts): attempts × timeout, plus the SDK's backoff (under a second
 * here), stays under the Lambda's, so a provider that answers 5xx, hangs or drops the connection costs the
 * traveller a 503 with the feature's own message, never a function timeout. The SDKs retry by themselves
 * (connection errors, 408/409/429/5xx, a timeout before the answer); nothing here loops by hand.
 *
 * A client's `timeout` covers the wait for the answer to start, not a stream that has started: a translation or
 * a voice that stalls mid-stream is ended by the function's own signal (lambdas/http, aborted before its timeout).
 */
/** Keyed by the Lambda area that builds the client (checked against its timeout in infra/aws/provider-deadlines.test.ts). */
export const CLIENT_DEADLINES = OPENAI_BUDGETS;

/** The SDKs' backoff between attempts stays under this (openai: 0.5 s doubling, capped; Deepgram similar). */
export const RETRY_BACKOFF_ALLOWANCE_MS = 2_000;
