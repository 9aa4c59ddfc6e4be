import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Subscription } from '@wayfarer/shared/api/billing';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { useSession } from '../../../lib/session-context';
import { translateMessage } from '../../../lib/translate-message';
import { billingFailureMessage, fetchSubscription } from '../api';

export type SubscriptionLoad =
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'loaded'; readonly subscription: Subscription | null };

/**
 * The signed-in user's subscription for /manage-subscription. A failure shows docs/SPEC.md §8's toast and leaves a
 * retry. When the subscription disagrees with the user the header shows (back from the portal, a webhook since),
 * the user is fetched again so both say the same.
 */
export function useSubscription(): { load: SubscriptionLoad; retry: () => void } {
  const { t } = useTranslation();
  const { user, refreshUser } = useSession();
  const [load, setLoad] = useState<SubscriptionLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Read when an answer arrives, so a refreshed user neither refetches the subscription nor loops.
  const latest = useRef({ t, headerStatus: user?.subscriptionStatus, refreshUser });
  useEffect(() => {
    latest.current = { t, headerStatus: user?.subscriptionStatus, refreshUser };
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchSubscription(controller.signal).then(
      (subscription) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'loaded', subscription });
        const { headerStatus } = latest.current;
        if (headerStatus !== undefined && headerStatus !== (subscription?.status ?? 'NONE')) {
          void latest.current.refreshUser();
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = billingFailureMessage(error, ACCOUNT_ERROR_KEYS.subscriptionFetchFailed);
        toast.error(translateMessage(latest.current.t, message));
        setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { load, retry };
}
