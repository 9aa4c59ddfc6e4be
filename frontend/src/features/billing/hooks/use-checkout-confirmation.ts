import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session-context';
import { fetchSubscription } from '../api';
import { abortableWait, confirmActiveSubscription } from '../confirm-subscription';

/** `confirming` while the webhook is awaited, `confirmed` once the plan is ACTIVE, `pending` if it has not landed. */
export type CheckoutConfirmation = 'confirming' | 'confirmed' | 'pending';

/**
 * docs/SPEC.md §2 /subscribe-success: with a checkout `session_id`, waits (bounded) for the provider's webhook to make
 * the plan ACTIVE, then refreshes the user so the header drops Subscribe. Without one, or signed out, there is
 * nothing to wait for.
 */
export function useCheckoutConfirmation(checkoutSessionId: string | null): CheckoutConfirmation {
  const { status, refreshUser } = useSession();
  const waits = checkoutSessionId !== null && status !== 'signed-out';
  const [confirmation, setConfirmation] = useState<CheckoutConfirmation>(waits ? 'confirming' : 'confirmed');

  useEffect(() => {
    if (!checkoutSessionId || status !== 'signed-in') return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      const active = await confirmActiveSubscription({ fetchSubscription, wait: abortableWait, signal });
      if (signal.aborted) return;
      await refreshUser();
      if (!signal.aborted) setConfirmation(active ? 'confirmed' : 'pending');
    })();
    return () => controller.abort();
  }, [checkoutSessionId, status, refreshUser]);

  return waits ? confirmation : 'confirmed';
}
