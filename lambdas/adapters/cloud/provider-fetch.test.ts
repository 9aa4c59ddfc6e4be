import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '../../http/dependency-failure';
import { fetchWithBudget, retryPauseMs } from './provider-fetch';

const BUDGET = { timeoutMs: 200, maxRetries: 1 };

/** A fetch that plays `answers` in order, one per attempt, and counts the attempts. */
function scripted(answers: (() => Promise<Response> | Response)[]) {
  let attempts = 0;
  const fetch: typeof globalThis.fetch = async () => {
    const next = answers[Math.min(attempts, answers.length - 1)]!;
    attempts += 1;
    return next();
  };
  return { fetch, attempts: () => attempts };
}

const pauses: number[] = [];
const sleep = async (ms: number) => void pauses.push(ms);

describe('a provider call under its budget', () => {
  it('tries a 5xx again after the SDKs’ pause, and returns the answer that works', async () => {
    pauses.length = 0;
    const { fetch, attempts } = scripted([
      () => new Response('{}', { status: 502 }),
      () => new Response('{"ok":1}', { status: 200 }),
    ]);
    const answer = await fetchWithBudget(fetch, 'http://provider', { method: 'GET' }, BUDGET, sleep);
    expect(answer).toMatchObject({ status: 200, ok: true, text: '{"ok":1}' });
    expect(attempts()).toBe(2);
    expect(pauses).toEqual([retryPauseMs(0)]);
  });

  it('stops at maxRetries and hands back the last failed answer', async () => {
    const { fetch, attempts } = scripted([() => new Response('{}', { status: 500 })]);
    const answer = await fetchWithBudget(fetch, 'http://provider', { method: 'GET' }, BUDGET, sleep);
    expect(answer.status).toBe(500);
    expect(attempts()).toBe(BUDGET.maxRetries + 1);
  });

  it('does not retry a refusal (4xx), nor an answer Stripe marks Stripe-Should-Retry: false; does retry a 409', async () => {
    const refusal = scripted([() => new Response('{}', { status: 400 })]);
    await fetchWithBudget(refusal.fetch, 'http://p', { method: 'GET' }, BUDGET, sleep);
    expect(refusal.attempts()).toBe(1);
    const told = scripted([
      () => new Response('{}', { status: 500, headers: { 'stripe-should-retry': 'false' } }),
    ]);
    await fetchWithBudget(told.fetch, 'http://p', { method: 'GET' }, BUDGET, sleep);
    expect(told.attempts()).toBe(1);
    const conflict = scripted([() => new Response('{}', { status: 409 })]);
    await fetchWithBudget(conflict.fetch, 'http://p', { method: 'GET' }, BUDGET, sleep);
    expect(conflict.attempts()).toBe(2);
  });

  it('retries a connection error, then throws it as a dependency out of reach', async () => {
    const reset = () =>
      Promise.reject(
        new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
      );
    const { fetch, attempts } = scripted([reset]);
    const failure = await fetchWithBudget(fetch, 'http://p', { method: 'GET' }, BUDGET, sleep).catch(
      (error: unknown) => error,
    );
    expect(attempts()).toBe(2);
    expect(isDependencyUnavailable(failure)).toBe(true);
  });

  it('gives each attempt its deadline, the body included: a stalled body ends as a TimeoutError', async () => {
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      // What undici does: the request's signal also ends the body being read.
      return new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('{'));
            await new Promise((resolve) => init?.signal?.addEventListener('abort', resolve));
            controller.error(init?.signal?.reason);
          },
        }),
      );
    };
    const started = Date.now();
    const failure = await fetchWithBudget(
      fetch,
      'http://p',
      { method: 'GET' },
      { timeoutMs: 100, maxRetries: 0 },
    ).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((failure as Error).name).toBe('TimeoutError');
    expect(isDependencyUnavailable(failure)).toBe(true);
  });
});
