import {
  checkoutSessionResponseSchema,
  customerPortalResponseSchema,
  subscriptionResponseSchema,
  type Subscription,
} from '@wayfarer/shared/api/billing';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError, callRoute } from '../../lib/api-client';

// The billing calls of docs/SPEC.md §7. These pages load lazily, so the answers are checked with the shared schemas
// the handlers answer with: a malformed answer is an unexpected failure, not a URL to leave for.

/**
 * The message a failed billing call shows (docs/SPEC.md §8): the server's words or the call's own key (the api client
 * picked between them), and `unexpectedKey` for anything that is not a failed call, such as a malformed answer.
 */
export function billingFailureMessage(error: unknown, unexpectedKey: string): string {
  return error instanceof ApiError ? error.message : unexpectedKey;
}

/** Subscribing without a token (the session ended in another tab) asks the visitor to log in. */
export function subscribeFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message === ACCOUNT_ERROR_KEYS.notLoggedIn) {
    return ACCOUNT_ERROR_KEYS.subscribeMustBeLoggedIn;
  }
  return billingFailureMessage(error, ACCOUNT_ERROR_KEYS.subscribeUnexpected);
}

/** POST /api/stripe/create-checkout-session: the hosted checkout page to go to. */
export async function createCheckoutSession(): Promise<string> {
  const answer = await callRoute('billing.createCheckoutSession', {
    fallbackKey: ACCOUNT_ERROR_KEYS.subscribeCheckoutFailed,
  });
  return checkoutSessionResponseSchema.parse(answer).checkoutUrl;
}

/** GET /api/stripe/subscription: the user's subscription, or null when there is none (404). */
export async function fetchSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  try {
    const answer = await callRoute('billing.subscription', {
      fallbackKey: ACCOUNT_ERROR_KEYS.subscriptionFetchFailed,
      signal,
    });
    return subscriptionResponseSchema.parse(answer).subscription;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/stripe/customer-portal: the provider's customer portal to go to. */
export async function createPortalSession(): Promise<string> {
  const answer = await callRoute('billing.customerPortal', { fallbackKey: ACCOUNT_ERROR_KEYS.portalFailed });
  return customerPortalResponseSchema.parse(answer).portalUrl;
}

/** Leaves the app for the provider's page (checkout or portal), as Stripe's own pages expect: a full navigation. */
export function leaveForProviderPage(url: string): void {
  window.location.assign(url);
}
