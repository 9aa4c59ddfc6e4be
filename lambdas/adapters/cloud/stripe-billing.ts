import Stripe from 'stripe';
import { subscriptionStatusSchema, type SubscriptionStatus } from '@wayfarer/shared/api/auth';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';
import {
  WebhookSignatureError,
  type Billing,
  type BillingSubscriptionEvent,
  type StampedSubscriptionState,
} from '../../ports';

export interface StripeBillingOptions {
  readonly secretKey: string;
  /** The signing secret of the webhook endpoint (`whsec_...`). */
  readonly webhookSecret: string;
  /** The Pro plan's monthly price. */
  readonly priceId: string;
  /** The app's public origin: Checkout and the portal send the customer back there. */
  readonly appUrl: string;
  /** Stripe's API through this fetch instead of the network (tests, the local cloud's stand-in). */
  readonly fetch?: typeof globalThis.fetch;
}

/** The metadata key that names our account on Stripe's customer and subscription objects. */
const USER_SUB_METADATA = 'userSub';
const REQUEST_TIMEOUT_MS = 10_000;

const toIso = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString();

/** Stripe's lower-case status in our upper-case vocabulary; one we do not know grants nothing. */
function statusOf(subscription: Stripe.Subscription): SubscriptionStatus {
  const parsed = subscriptionStatusSchema.safeParse(subscription.status.toUpperCase());
  return parsed.success ? parsed.data : 'INCOMPLETE';
}

/**
 * The state to keep. Stripe's portal may schedule the end as `cancel_at` rather than `cancel_at_period_end`;
 * either is a pending cancellation, and the end date is when it takes effect.
 */
function stateOf(subscription: Stripe.Subscription, changedAt: Date): StampedSubscriptionState {
  const periodEnd = subscription.items.data[0]?.current_period_end;
  const ended = subscription.status === 'canceled';
  const cancelAt = subscription.cancel_at ?? undefined;
  return {
    status: statusOf(subscription),
    cancelAtPeriodEnd: !ended && (subscription.cancel_at_period_end || cancelAt !== undefined),
    currentPeriodEnd: cancelAt !== undefined ? toIso(cancelAt) : periodEnd !== undefined ? toIso(periodEnd) : null,
    changedAt,
  };
}

const idOf = (value: string | { readonly id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** Stripe Checkout (subscription mode), the customer portal and signed webhooks, with the real SDK. */
export function createStripeBilling(options: StripeBillingOptions): Billing {
  const stripe = new Stripe(options.secretKey, {
    timeout: REQUEST_TIMEOUT_MS,
    ...(options.fetch
      ? { httpClient: Stripe.createFetchHttpClient(options.fetch), maxNetworkRetries: 0 }
      : { maxNetworkRetries: 2 }),
  });

  async function fromSubscription(
    event: Stripe.Event,
    subscription: Stripe.Subscription,
    userSub?: string | null,
  ): Promise<BillingSubscriptionEvent | undefined> {
    const customer = idOf(subscription.customer);
    if (customer === undefined) return undefined;
    const named = userSub ?? subscription.metadata[USER_SUB_METADATA];
    return {
      eventId: event.id,
      stripeCustomerId: customer,
      ...(named ? { userSub: named } : {}),
      state: stateOf(subscription, new Date(event.created * 1000)),
    };
  }

  return {
    async createCheckoutSession({ sub, email, stripeCustomerId }) {
      const customer =
        stripeCustomerId ??
        (
          await stripe.customers.create(
            { email, metadata: { [USER_SUB_METADATA]: sub } },
            // One customer per account, however often a first checkout is retried.
            { idempotencyKey: `wayfarer-customer-${sub}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: sub,
        line_items: [{ price: options.priceId, quantity: 1 }],
        subscription_data: { metadata: { [USER_SUB_METADATA]: sub } },
        // Stripe fills in {CHECKOUT_SESSION_ID}; it must reach Stripe unencoded.
        success_url: `${options.appUrl}${PAGES.subscribeSuccess}?${PAGE_QUERY.checkoutSession}={CHECKOUT_SESSION_ID}`,
        cancel_url: `${options.appUrl}${PAGES.subscribeCancel}`,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { checkoutUrl: session.url, stripeCustomerId: customer };
    },

    async createPortalSession(stripeCustomerId) {
      const session = await stripe.billingPortal.sessions.create({
        customer: stripeCustomerId,
        return_url: `${options.appUrl}${PAGES.manageSubscription}`,
      });
      return { portalUrl: session.url };
    },

    async parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError('The Stripe-Signature does not match the body', { cause: error });
        }
        throw error;
      }
      switch (event.type) {
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return fromSubscription(event, event.data.object);
        case 'checkout.session.completed': {
          const session = event.data.object;
          const subscription = idOf(session.subscription);
          if (session.mode !== 'subscription' || subscription === undefined) return undefined;
          // The session names the subscription only; its state is Stripe's, read now.
          return fromSubscription(event, await stripe.subscriptions.retrieve(subscription), session.client_reference_id);
        }
        case 'invoice.payment_failed': {
          const subscription = idOf(event.data.object.parent?.subscription_details?.subscription);
          if (subscription === undefined) return undefined;
          return fromSubscription(event, await stripe.subscriptions.retrieve(subscription));
        }
        default:
          return undefined;
      }
    },
  };
}
