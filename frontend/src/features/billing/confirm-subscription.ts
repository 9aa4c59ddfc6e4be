import type { Subscription } from '@wayfarer/shared/api/billing';

/**
 * After checkout the provider's webhook may land a moment after the browser returns, so /subscribe-success asks
 * for the subscription a few times before it refreshes the user. Bounded: a webhook that never arrives leaves the
 * page saying the payment is being confirmed, never polling for ever.
 */
export const CONFIRM_ATTEMPTS = 10;
export const CONFIRM_INTERVAL_MS = 1000;

export interface ConfirmDependencies {
  readonly fetchSubscription: (signal: AbortSignal) => Promise<Subscription | null>;
  readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly signal: AbortSignal;
}

/** Resolves true once the subscription is ACTIVE, false when the attempts run out; a failed ask counts as not yet. */
export async function confirmActiveSubscription({
  fetchSubscription,
  wait,
  signal,
}: ConfirmDependencies): Promise<boolean> {
  for (let attempt = 1; attempt <= CONFIRM_ATTEMPTS; attempt++) {
    if (signal.aborted) return false;
    const subscription = await fetchSubscription(signal).catch(() => null);
    if (subscription?.status === 'ACTIVE') return true;
    if (attempt < CONFIRM_ATTEMPTS) await wait(CONFIRM_INTERVAL_MS, signal);
  }
  return false;
}

/** A pause that an unmounting page can cut short. */
export function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
