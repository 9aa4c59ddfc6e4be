import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../ports';
import { createStripeFake, type StripeFakeEvent } from '../../testing/stripe-fake';
import { createStripeBilling } from './stripe-billing';

const SECRET_KEY = 'sk_test_wayfarer';
const WEBHOOK_SECRET = 'whsec_wayfarer_test';
const PRICE = 'price_pro_monthly';
const APP_URL = 'https://app.example.com';

function setUp() {
  let clock = Date.parse('2026-05-01T10:00:00Z');
  const fake = createStripeFake({
    secretKey: SECRET_KEY,
    prices: [PRICE],
    checkoutPageUrl: 'https://checkout.example.com/pay',
    portalPageUrl: 'https://billing.example.com/portal',
    now: () => clock,
  });
  const billing = createStripeBilling({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    priceId: PRICE,
    appUrl: APP_URL,
    fetch: fake.fetch,
  });
  const advance = (seconds: number) => (clock += seconds * 1000);
  return { fake, billing, advance };
}

/** What Stripe sends: the event's JSON bytes and their signature header. */
function delivery(event: StripeFakeEvent, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return {
    rawBody: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

async function subscribed(setup: ReturnType<typeof setUp>) {
  const { checkoutUrl, stripeCustomerId } = await setup.billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' });
  const sessionId = new URL(checkoutUrl).searchParams.get('session') ?? '';
  const paid = setup.fake.pay(sessionId);
  const subscription = setup.fake.subscriptionOf(stripeCustomerId);
  return { stripeCustomerId, sessionId, paid, subscriptionId: subscription?.id ?? '' };
}

describe('Stripe billing adapter', () => {
  it('opens a subscription-mode Checkout Session for the price, returning to the success and cancel pages', async () => {
    const { fake, billing } = setUp();
    const { checkoutUrl, stripeCustomerId } = await billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' });
    const session = fake.checkoutSession(new URL(checkoutUrl).searchParams.get('session') ?? '');
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: stripeCustomerId,
      client_reference_id: 'user-1',
      success_url: `${APP_URL}/subscribe-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/subscribe-cancel`,
    });
  });

  it('creates the customer once per account, even when a first checkout is retried', async () => {
    const { billing } = setUp();
    const first = await billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' });
    const retried = await billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' });
    expect(retried.stripeCustomerId).toBe(first.stripeCustomerId);
    expect(retried.checkoutUrl).not.toBe(first.checkoutUrl);
  });

  it('reuses the customer the account already has', async () => {
    const { billing } = setUp();
    const { stripeCustomerId } = await billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' });
    const again = await billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com', stripeCustomerId });
    expect(again.stripeCustomerId).toBe(stripeCustomerId);
  });

  it('fails when the configured price does not exist at Stripe', async () => {
    const { fake } = setUp();
    const billing = createStripeBilling({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      priceId: 'price_gone',
      appUrl: APP_URL,
      fetch: fake.fetch,
    });
    await expect(billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' })).rejects.toThrow(/No such price/);
  });

  it('opens a portal session for the customer that returns to the manage page', async () => {
    const { fake, billing } = setUp();
    const { stripeCustomerId } = await billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' });
    const { portalUrl } = await billing.createPortalSession(stripeCustomerId);
    expect(fake.portalSession(new URL(portalUrl).searchParams.get('session') ?? '')).toMatchObject({
      customer: stripeCustomerId,
      return_url: `${APP_URL}/manage-subscription`,
    });
  });

  it('refuses a webhook signed with another secret', async () => {
    const setup = setUp();
    const { paid } = await subscribed(setup);
    const { rawBody, signature } = delivery(paid.events[0] as StripeFakeEvent, 'whsec_someone_else');
    await expect(setup.billing.parseWebhook(rawBody, signature)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('refuses a webhook whose body changed after signing, by one byte', async () => {
    const setup = setUp();
    const { paid } = await subscribed(setup);
    const { rawBody, signature } = delivery(paid.events[0] as StripeFakeEvent);
    const altered = Buffer.from(rawBody.toString('utf8').replace('"active"', '"activf"'));
    await expect(setup.billing.parseWebhook(altered, signature)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('reads a created subscription as ACTIVE with its period end, stamped with the event’s own time', async () => {
    const setup = setUp();
    const { paid, stripeCustomerId } = await subscribed(setup);
    const created = paid.events.find((event) => event.type === 'customer.subscription.created') as StripeFakeEvent;
    const { rawBody, signature } = delivery(created);
    expect(await setup.billing.parseWebhook(rawBody, signature)).toEqual({
      eventId: created.id,
      stripeCustomerId,
      userSub: 'user-1',
      state: {
        status: 'ACTIVE',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2026-05-31T10:00:00.000Z',
        changedAt: new Date('2026-05-01T10:00:00Z'),
      },
    });
  });

  it('reads checkout.session.completed through the subscription it started', async () => {
    const setup = setUp();
    const { paid } = await subscribed(setup);
    const completed = paid.events.find((event) => event.type === 'checkout.session.completed') as StripeFakeEvent;
    const { rawBody, signature } = delivery(completed);
    expect(await setup.billing.parseWebhook(rawBody, signature)).toMatchObject({
      eventId: completed.id,
      userSub: 'user-1',
      state: { status: 'ACTIVE', cancelAtPeriodEnd: false },
    });
  });

  it('reads a cancellation at period end, and its deletion as CANCELED', async () => {
    const setup = setUp();
    const { subscriptionId } = await subscribed(setup);
    setup.advance(60);
    const [updated] = setup.fake.setCancelAtPeriodEnd(subscriptionId, true);
    const pending = delivery(updated as StripeFakeEvent);
    expect(await setup.billing.parseWebhook(pending.rawBody, pending.signature)).toMatchObject({
      state: { status: 'ACTIVE', cancelAtPeriodEnd: true, currentPeriodEnd: '2026-05-31T10:00:00.000Z' },
    });
    setup.advance(60);
    const [deleted] = setup.fake.endSubscription(subscriptionId);
    const ended = delivery(deleted as StripeFakeEvent);
    expect(await setup.billing.parseWebhook(ended.rawBody, ended.signature)).toMatchObject({
      state: { status: 'CANCELED', cancelAtPeriodEnd: false, changedAt: new Date('2026-05-01T10:02:00Z') },
    });
  });

  it('reads invoice.payment_failed as the subscription falling PAST_DUE', async () => {
    const setup = setUp();
    const { subscriptionId } = await subscribed(setup);
    const failed = setup.fake.failRenewal(subscriptionId).find((event) => event.type === 'invoice.payment_failed');
    const { rawBody, signature } = delivery(failed as StripeFakeEvent);
    expect(await setup.billing.parseWebhook(rawBody, signature)).toMatchObject({ state: { status: 'PAST_DUE' } });
  });

  it('passes over signed events it does not act on', async () => {
    const { billing } = setUp();
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1' } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await billing.parseWebhook(Buffer.from(payload), signature)).toBeUndefined();
  });
});
