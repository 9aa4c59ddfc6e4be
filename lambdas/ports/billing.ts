import type { SubscriptionState, Users } from './users';

// Billing (Stripe, the local checkout) and the subscription side of the profile.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

/** A subscription's state as Stripe last told it, stamped with Stripe's own time for that news. */
export interface StampedSubscriptionState extends SubscriptionState {
  /** The `created` time of the Stripe event that carried it: the newest state wins, never the latest arrival. */
  readonly changedAt: Date;
}

export interface BillingSubscriptionEvent {
  /** Stripe's event id: the idempotency mark for the webhook. */
  readonly eventId: string;
  readonly stripeCustomerId: string;
  /** The account our checkout recorded with Stripe (metadata), for a customer whose link is not readable yet. */
  readonly userSub?: string;
  readonly state: StampedSubscriptionState;
}

/** A webhook whose signature does not verify over its raw bytes: not from Stripe, or altered on the way. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface Billing {
  createCheckoutSession(input: {
    readonly sub: string;
    readonly email: string;
    readonly stripeCustomerId?: string;
  }): Promise<{ readonly checkoutUrl: string; readonly stripeCustomerId: string }>;
  createPortalSession(stripeCustomerId: string): Promise<{ readonly portalUrl: string }>;
  /**
   * Deletes the customer (account deletion): Stripe cancels its subscriptions at once, with no further charge, and
   * removes its payment details; the invoices and payments stay in Stripe's records (docs/DESIGN.md §9). A
   * customer already deleted counts as done.
   */
  deleteCustomer(stripeCustomerId: string): Promise<void>;
  /**
   * Verifies the signature over the exact raw bytes (rejects with WebhookSignatureError); resolves undefined
   * for events we do not act on.
   */
  parseWebhook(rawBody: Buffer, signature: string): Promise<BillingSubscriptionEvent | undefined>;
}

/** The subscription side of the Users port, as billing uses it. */
export interface Subscriptions extends Pick<
  Users,
  'getProfile' | 'linkStripeCustomer' | 'findSubByStripeCustomer'
> {
  /**
   * Writes the state Stripe event `eventId` carried unless the profile holds a newer one (by `changedAt`):
   * 'stale', changing nothing, when it does, so events delivered out of order end on Stripe's newest state; at
   * the same instant a deleted (CANCELED) subscription stays ended. 'unchanged' when the state was already
   * the profile's (Stripe tells one change several ways); 'applied' when it changed, or when this event was
   * written before by an attempt that did not finish (so that attempt's retry publishes what it could not).
   */
  applySubscription(
    sub: string,
    state: StampedSubscriptionState,
    eventId: string,
  ): Promise<'applied' | 'unchanged' | 'stale'>;
}
