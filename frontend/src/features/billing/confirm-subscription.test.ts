import { describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@wayfarer/shared/api/billing';
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS, confirmActiveSubscription } from './confirm-subscription';

const withStatus = (status: Subscription['status']): Subscription => ({
  status,
  cancelAtPeriodEnd: false,
  stripeCurrentPeriodEnd: '2026-12-23T11:00:00.000Z',
});

function run(answers: Array<Subscription | null | Error>, signal = new AbortController().signal) {
  const fetchSubscription = vi.fn(async () => {
    const answer = answers.shift() ?? null;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const wait = vi.fn(async () => {});
  return { result: confirmActiveSubscription({ fetchSubscription, wait, signal }), fetchSubscription, wait };
}

describe('confirming the subscription after checkout', () => {
  it('stops asking as soon as the subscription is ACTIVE', async () => {
    const { result, fetchSubscription } = run([null, withStatus('INCOMPLETE'), withStatus('ACTIVE')]);
    expect(await result).toBe(true);
    expect(fetchSubscription).toHaveBeenCalledTimes(3);
  });

  it('gives up after a bounded number of attempts, pausing between them', async () => {
    const { result, fetchSubscription, wait } = run([]);
    expect(await result).toBe(false);
    expect(fetchSubscription).toHaveBeenCalledTimes(CONFIRM_ATTEMPTS);
    expect(wait).toHaveBeenCalledTimes(CONFIRM_ATTEMPTS - 1);
    expect(wait).toHaveBeenCalledWith(CONFIRM_INTERVAL_MS, expect.any(AbortSignal));
  });

  it('counts a failed ask as not yet', async () => {
    const { result } = run([new Error('network'), withStatus('ACTIVE')]);
    expect(await result).toBe(true);
  });

  it('stops when the page goes away', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result, fetchSubscription } = run([withStatus('ACTIVE')], controller.signal);
    expect(await result).toBe(false);
    expect(fetchSubscription).not.toHaveBeenCalled();
  });
});
