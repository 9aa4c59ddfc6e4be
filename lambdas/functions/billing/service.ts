import type { Subscription } from '@wayfarer/shared/api/billing';
import type { AttemptLimiter, CallerAddress } from '../../domain/attempt-limits';
import { EVENT_MARK_TTL_SECONDS } from '../../domain/event-marks';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../http/errors';
import type { Logger } from '../../logger';
import { WebhookSignatureError, type Billing, type Subscriptions } from '../../ports/billing';
import { type Events, type ReleasableMarks } from '../../ports/platform';

export interface BillingPorts {
  readonly billing: Billing;
  readonly subscriptions: Subscriptions;
}

export interface SessionPorts extends BillingPorts {
  /** Per account and per IP: each session is a call on Stripe's API, whose rate limit the app shares. */
  readonly limit: AttemptLimiter;
}

export interface WebhookPorts extends BillingPorts {
  readonly marks: ReleasableMarks;
  readonly events: Events;
  readonly logger: Pick<Logger, 'info'>;
}

/** The one message a caller without a subscription gets: the manage page shows the upgrade card on 404. */
const NO_SUBSCRIPTION = 'No subscription';

/** Stripe event ids share the table's idempotency marks with the bus's: a prefix keeps them apart. */
const webhookMark = (eventId: string) => `stripe-${eventId}`;

/** The caller's profile, once the session they ask for is within the `stripe` limits (429 otherwise). */
async function profileOf(ports: SessionPorts, sub: string, action: string, caller: CallerAddress) {
  const profile = await ports.subscriptions.getProfile(sub);
  // Registration writes the profile; a token without one is not an account this app knows.
  if (!profile) throw new UnauthorizedError();
  await ports.limit('stripe', action, { email: profile.email, ip: caller.ip });
  return profile;
}

/**
 * POST /api/stripe/create-checkout-session: a Checkout Session for the Pro plan. The account's Stripe customer is
 * linked (with its `CUSTOMER#` reverse lookup) before the URL leaves, so every webhook for it can be resolved.
 */
export async function startCheckout(
  ports: SessionPorts,
  sub: string,
  caller: CallerAddress,
): Promise<{ checkoutUrl: string }> {
  const profile = await profileOf(ports, sub, 'checkout', caller);
  // A second subscription would charge the traveller twice for one plan.
  if (profile.subscriptionStatus === 'ACTIVE')
    throw new ConflictError('You already have an active subscription');
  const { checkoutUrl, stripeCustomerId } = await ports.billing.createCheckoutSession({
    sub,
    email: profile.email,
    ...(profile.stripeCustomerId ? { stripeCustomerId: profile.stripeCustomerId } : {}),
  });
  if (stripeCustomerId !== profile.stripeCustomerId) {
    await ports.subscriptions.linkStripeCustomer(sub, stripeCustomerId);
  }
  return { checkoutUrl };
}

/** GET /api/stripe/subscription: the stored state, or 404 when the account never subscribed. */
export async function currentSubscription(
  ports: Pick<BillingPorts, 'subscriptions'>,
  sub: string,
): Promise<{ subscription: Subscription }> {
  const profile = await ports.subscriptions.getProfile(sub);
  if (!profile || profile.subscriptionStatus === 'NONE') throw new NotFoundError(NO_SUBSCRIPTION);
  return {
    subscription: {
      status: profile.subscriptionStatus,
      cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
      stripeCurrentPeriodEnd: profile.currentPeriodEnd,
    },
  };
}

/** POST /api/stripe/customer-portal: the provider's portal for the account's customer. */
export async function openPortal(
  ports: SessionPorts,
  sub: string,
  caller: CallerAddress,
): Promise<{ portalUrl: string }> {
  const profile = await profileOf(ports, sub, 'portal', caller);
  if (!profile.stripeCustomerId) throw new NotFoundError(NO_SUBSCRIPTION);
  return ports.billing.createPortalSession(profile.stripeCustomerId);
}

export type WebhookOutcome = 'applied' | 'unchanged' | 'stale' | 'duplicate' | 'ignored';

/**
 * POST /api/stripe/webhook. A bad or missing signature is a 400; an event we cannot process throws (a 5xx), so
 * Stripe retries it. Each event id is claimed once: a replay changes nothing and publishes nothing, and a claim
 * whose work failed is released for the retry. Out-of-order deliveries end on Stripe's newest state
 * (Subscriptions.applySubscription); only a state that changed is published as `subscription.changed`.
 */
export async function receiveWebhook(
  ports: WebhookPorts,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  if (!signature || !rawBody) throw new BadRequestError('Missing Stripe-Signature header or body');
  let event;
  try {
    event = await ports.billing.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new BadRequestError('Invalid Stripe signature', { cause: error });
    throw error;
  }
  if (!event) return 'ignored';
  if (!(await ports.marks.markOnce(webhookMark(event.eventId), EVENT_MARK_TTL_SECONDS))) return 'duplicate';
  try {
    const sub = (await ports.subscriptions.findSubByStripeCustomer(event.stripeCustomerId)) ?? event.userSub;
    if (sub === undefined) throw new Error('A webhook for a Stripe customer no account is linked to');
    // A deleted account's customer: Stripe tells of the cancellation the deletion made; nothing is left to update,
    // and writing the state would bring back an item of the account.
    if (!(await ports.subscriptions.getProfile(sub))) {
      ports.logger.info('Stripe webhook processed', { outcome: 'ignored' });
      return 'ignored';
    }
    const outcome = await ports.subscriptions.applySubscription(sub, event.state, event.eventId);
    if (outcome === 'applied') {
      await ports.events.publish('subscriptionChanged', {
        userSub: sub,
        status: event.state.status,
        cancelAtPeriodEnd: event.state.cancelAtPeriodEnd,
        currentPeriodEnd: event.state.currentPeriodEnd,
      });
    }
    ports.logger.info('Stripe webhook processed', { outcome });
    return outcome;
  } catch (error) {
    await ports.marks.unmark(webhookMark(event.eventId));
    throw error;
  }
}
