import type { RequestBudget } from './openai-client';

/*
 * The provider calls that have no SDK in their bundle (Deepgram's key API, Stripe's API: bundle budget,
 * docs/DESIGN.md §7) go through this one function, which applies a budget the way the SDKs apply theirs: each
 * attempt has `timeoutMs` for the whole answer, body included, and a connection error, a timeout, a body cut
 * short or an answer the provider marks as retryable is tried again up to `maxRetries` times, after the SDKs'
 * pause (0.5 s doubling). The rule of what is retried is stripe-node's (RequestSender._shouldRetry: no answer,
 * `Stripe-Should-Retry`, 409, 5xx), which Deepgram's key API shares but for the header. Nothing else loops.
 */

/** An answer read whole: status, headers and the body's text. */
export interface ProviderAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly text: string;
}

/** The pause before retry `retry` (0-based): the SDKs' 0.5 s doubling, capped at stripe-node's 5 s. */
export const retryPauseMs = (retry: number): number => Math.min(500 * 2 ** retry, 5_000);

/** Stripe's rule (and Deepgram's, which sends no such header): the provider's own word first, then 409 and 5xx. */
export function retryableAnswer(answer: Pick<ProviderAnswer, 'status' | 'headers'>): boolean {
  const advice = answer.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return answer.status === 409 || answer.status >= 500;
}

/**
 * One provider request under `budget`: the last answer (a failed one too, for the caller to name), or the last
 * connection error or TimeoutError when no attempt got a whole answer. Retrying a POST is safe only when the
 * request is idempotent or its duplicate harmless: the caller decides, by the key it sends (Stripe) or by what
 * it asks for (a temporary Deepgram key nobody receives expires unused).
 */
export async function fetchWithBudget(
  fetchFn: typeof globalThis.fetch,
  url: string,
  init: Omit<RequestInit, 'signal'>,
  budget: RequestBudget,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ProviderAnswer> {
  for (let retry = 0; ; retry += 1) {
    const last = retry >= budget.maxRetries;
    let answer: ProviderAnswer;
    try {
      const response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(budget.timeoutMs) });
      // Read under the same deadline: a body that stalls or is cut short is a failed attempt, not a result.
      const text = await response.text();
      answer = { status: response.status, ok: response.ok, headers: response.headers, text };
    } catch (error) {
      if (last) throw error;
      await sleep(retryPauseMs(retry));
      continue;
    }
    if (last || !retryableAnswer(answer)) return answer;
    await sleep(retryPauseMs(retry));
  }
}
