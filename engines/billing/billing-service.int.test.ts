import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createAttemptCounters } from '@wayfarer/lambdas/adapters/aws/attempt-counter-store';
import { createSubscriptionStore } from '@wayfarer/lambdas/adapters/aws/subscription-store';
import { createIdempotencyMarks } from '@wayfarer/lambdas/adapters/aws/table';
import { createUserProfiles } from '@wayfarer/lambdas/adapters/aws/user-profile-store';
import { createStripeBilling } from '@wayfarer/lambdas/adapters/cloud/stripe-billing';
import { HttpError } from '@wayfarer/lambdas/http/errors';
import type { EventDetail } from '@wayfarer/shared/events';
import { getTable } from '@wayfarer/lambdas/providers';
import { createStripeEmulator, type StripeEmulatorEvent } from './stripe-emulator';
import { getConfig } from '@wayfarer/lambdas/config';
import { ATTEMPT_LIMITS, createAttemptLimiter } from '@wayfarer/lambdas/domain/attempt-limits';
import { rateLimitMessageKey } from '@wayfarer/shared/domain/error-mapping';
import {
  currentSubscription,
  openPortal,
  receiveWebhook,
  startCheckout,
  type SessionPorts,
  type WebhookPorts,
} from '@wayfarer/lambdas/functions/billing/service';

const table = await getTable();
const config = await getConfig();
const SECRET_KEY = 'sk_test_billing_int';
const WEBHOOK_SECRET = 'whsec_billing_int';
const PRICE = 'price_pro';

// The billing services over DynamoDB Local (the local cloud's table) and the local Stripe; the bus is a
// recording Events port, so a test can count what was published.

async function setUp() {
  let clock = Date.now();
  const fake = createStripeEmulator({
    secretKey: SECRET_KEY,
    prices: [PRICE],
    checkoutPageUrl: 'http://stripe.test/checkout',
    portalPageUrl: 'http://stripe.test/portal',
    now: () => clock,
  });
  const published: EventDetail<'subscriptionChanged'>[] = [];
  const ports: WebhookPorts & SessionPorts = {
    limit: createAttemptLimiter({
      attempts: createAttemptCounters(table),
      clock: { now: () => new Date(clock) },
      counterSecret: config.IP_HASH_SECRET,
    }),
    billing: createStripeBilling({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      priceId: PRICE,
      appUrl: 'http://app.test',
      fetch: fake.fetch,
    }),
    subscriptions: createSubscriptionStore(table),
    marks: createIdempotencyMarks(table),
    events: {
      async publish(name, detail) {
        if (name === 'subscriptionChanged') published.push(detail as EventDetail<'subscriptionChanged'>);
      },
    },
    logger: { info: () => undefined },
  };
  const sub = randomUUID();
  const caller = { ip: undefined };
  await createUserProfiles(table).createProfile({
    sub,
    email: `billing-${sub.slice(0, 8)}@example.com`,
    subscriptionStatus: 'NONE',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
  });
  const deliver = (event: StripeEmulatorEvent, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return receiveWebhook(
      ports,
      Buffer.from(payload),
      Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    );
  };
  /** Checkout through the service, then the customer pays at Stripe; Stripe's events are returned unsent. */
  const subscribe = async () => {
    const { checkoutUrl } = await startCheckout(ports, sub, caller);
    const { events } = fake.pay(new URL(checkoutUrl).searchParams.get('session') ?? '');
    const profile = await ports.subscriptions.getProfile(sub);
    const subscriptionId = fake.subscriptionOf(profile?.stripeCustomerId ?? '')?.id ?? '';
    return { events, subscriptionId };
  };
  const advance = (seconds: number) => (clock += seconds * 1000);
  return { fake, ports, sub, caller, published, deliver, subscribe, advance };
}

const statusOf = async (ports: WebhookPorts, sub: string) =>
  (await currentSubscription(ports, sub)).subscription;

async function httpStatusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1;
  }
}

describe('billing: checkout, subscription and portal', () => {
  it('answers 404 for an account that never subscribed', async () => {
    const { ports, sub } = await setUp();
    expect(await httpStatusOf(currentSubscription(ports, sub))).toBe(404);
  });

  it('links the Stripe customer at checkout, with the CUSTOMER# reverse lookup webhooks resolve through', async () => {
    const { ports, sub, caller } = await setUp();
    await startCheckout(ports, sub, caller);
    const profile = await ports.subscriptions.getProfile(sub);
    expect(profile?.stripeCustomerId).toMatch(/^cus_/);
    expect(await ports.subscriptions.findSubByStripeCustomer(profile?.stripeCustomerId ?? '')).toBe(sub);
  });

  it('reuses the account’s customer on a second checkout', async () => {
    const { ports, sub, caller } = await setUp();
    await startCheckout(ports, sub, caller);
    const first = (await ports.subscriptions.getProfile(sub))?.stripeCustomerId;
    await startCheckout(ports, sub, caller);
    expect((await ports.subscriptions.getProfile(sub))?.stripeCustomerId).toBe(first);
  });

  it('refuses a second checkout to an ACTIVE subscriber with 409', async () => {
    const { ports, sub, caller, subscribe, deliver } = await setUp();
    const { events } = await subscribe();
    for (const event of events) await deliver(event);
    expect(await httpStatusOf(startCheckout(ports, sub, caller))).toBe(409);
  });

  it('answers 429 with the stripe message once an account has opened too many sessions in the window', async () => {
    const { ports, sub, caller } = await setUp();
    for (let session = 0; session < ATTEMPT_LIMITS.stripe.perEmail; session += 1) {
      await startCheckout(ports, sub, caller);
    }
    await expect(startCheckout(ports, sub, caller)).rejects.toMatchObject({
      statusCode: 429,
      message: rateLimitMessageKey('stripe'),
    });
  });

  it('answers 404 for the portal when the account has no Stripe customer', async () => {
    const { ports, sub, caller } = await setUp();
    expect(await httpStatusOf(openPortal(ports, sub, caller))).toBe(404);
  });

  it('opens the portal for the account’s customer', async () => {
    const { ports, sub, caller, fake } = await setUp();
    await startCheckout(ports, sub, caller);
    const { portalUrl } = await openPortal(ports, sub, caller);
    const session = fake.portalSession(new URL(portalUrl).searchParams.get('session') ?? '');
    expect(session?.customer).toBe((await ports.subscriptions.getProfile(sub))?.stripeCustomerId);
  });
});

describe('billing: the Stripe webhook', () => {
  it('refuses a bad or missing signature with 400, changing nothing', async () => {
    const { ports, sub, subscribe, deliver } = await setUp();
    const { events } = await subscribe();
    const [created] = events as [StripeEmulatorEvent];
    expect(await httpStatusOf(deliver(created, 'whsec_forged'))).toBe(400);
    expect(await httpStatusOf(receiveWebhook(ports, Buffer.from(JSON.stringify(created)), undefined))).toBe(
      400,
    );
    expect(await httpStatusOf(currentSubscription(ports, sub))).toBe(404);
  });

  it('makes a paid checkout ACTIVE with the renewal date and publishes subscription.changed', async () => {
    const { ports, sub, subscribe, deliver, published } = await setUp();
    const { events } = await subscribe();
    for (const event of events) await deliver(event);
    const subscription = await statusOf(ports, sub);
    expect(subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });
    expect(Date.parse(subscription.stripeCurrentPeriodEnd ?? '')).toBeGreaterThan(Date.now());
    expect(published[0]).toMatchObject({ userSub: sub, status: 'ACTIVE' });
  });

  it('applies the same event delivered ten times once, and publishes it once', async () => {
    const { ports, sub, subscribe, deliver, published } = await setUp();
    const { events } = await subscribe();
    const created = events.find((event) => event.type === 'customer.subscription.created') as StripeEmulatorEvent;
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => deliver(created)));
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
    expect(published).toHaveLength(1);
    expect((await statusOf(ports, sub)).status).toBe('ACTIVE');
  });

  it('ends on deleted when subscription.deleted arrives before an older update', async () => {
    const { ports, sub, subscribe, deliver, fake, advance, published } = await setUp();
    const { events, subscriptionId } = await subscribe();
    for (const event of events) await deliver(event);
    advance(60);
    const [updated] = fake.setCancelAtPeriodEnd(subscriptionId, true) as [StripeEmulatorEvent];
    advance(60);
    const [deleted] = fake.endSubscription(subscriptionId) as [StripeEmulatorEvent];
    expect(await deliver(deleted)).toBe('applied');
    expect(await deliver(updated)).toBe('stale');
    expect(await statusOf(ports, sub)).toMatchObject({ status: 'CANCELED', cancelAtPeriodEnd: false });
    expect(published.map((detail) => detail.status)).toEqual(['ACTIVE', 'CANCELED']);
  });

  it('keeps a deleted subscription ended against an update stamped the same second', async () => {
    const { ports, sub, subscribe, deliver, fake } = await setUp();
    const { events, subscriptionId } = await subscribe();
    for (const event of events) await deliver(event);
    const [updated] = fake.setCancelAtPeriodEnd(subscriptionId, true) as [StripeEmulatorEvent];
    const [deleted] = fake.endSubscription(subscriptionId) as [StripeEmulatorEvent];
    await deliver(deleted);
    await deliver(updated);
    expect((await statusOf(ports, sub)).status).toBe('CANCELED');
  });

  it('records a cancellation at period end, then its resumption', async () => {
    const { ports, sub, subscribe, deliver, fake, advance } = await setUp();
    const { events, subscriptionId } = await subscribe();
    for (const event of events) await deliver(event);
    advance(5);
    for (const event of fake.setCancelAtPeriodEnd(subscriptionId, true)) await deliver(event);
    expect(await statusOf(ports, sub)).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });
    advance(5);
    for (const event of fake.setCancelAtPeriodEnd(subscriptionId, false)) await deliver(event);
    expect(await statusOf(ports, sub)).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });
  });

  it('records a failed renewal as PAST_DUE', async () => {
    const { ports, sub, subscribe, deliver, fake, advance } = await setUp();
    const { events, subscriptionId } = await subscribe();
    for (const event of events) await deliver(event);
    advance(5);
    for (const event of fake.failRenewal(subscriptionId)) await deliver(event);
    expect((await statusOf(ports, sub)).status).toBe('PAST_DUE');
  });

  it('fails an event it cannot process, so Stripe retries it, and does the work on the retry', async () => {
    const { ports, sub, deliver, fake } = await setUp();
    // A customer made at Stripe for this account, not yet linked here, and a subscription naming nobody.
    const customer = (await fake
      .fetch('https://api.stripe.com/v1/customers', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'email=x%40example.com',
      })
      .then((response) => response.json())) as { id: string };
    const session = (await fake
      .fetch('https://api.stripe.com/v1/checkout/sessions', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `mode=subscription&customer=${customer.id}&line_items[0][price]=${PRICE}&success_url=http%3A%2F%2Fapp.test`,
      })
      .then((response) => response.json())) as { id: string };
    const created = fake
      .pay(session.id)
      .events.find((event) => event.type === 'customer.subscription.created') as StripeEmulatorEvent;
    await expect(deliver(created)).rejects.not.toBeInstanceOf(HttpError);
    await ports.subscriptions.linkStripeCustomer(sub, customer.id);
    expect(await deliver(created)).toBe('applied');
    expect((await statusOf(ports, sub)).status).toBe('ACTIVE');
  });

  it('publishes on Stripe’s retry the change whose publication failed the first time', async () => {
    const { ports, subscribe, deliver, published } = await setUp();
    const { events } = await subscribe();
    const created = events.find((event) => event.type === 'customer.subscription.created') as StripeEmulatorEvent;
    const publish = ports.events.publish;
    Object.assign(ports.events, { publish: () => Promise.reject(new Error('bus down')) });
    await expect(deliver(created)).rejects.toThrow('bus down');
    Object.assign(ports.events, { publish });
    expect(await deliver(created)).toBe('applied');
    expect(published.map((detail) => detail.status)).toEqual(['ACTIVE']);
  });

  it('passes over events it does not act on with a 2xx', async () => {
    const { ports } = await setUp();
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: { id: 'cus_x' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await receiveWebhook(ports, Buffer.from(payload), signature)).toBe('ignored');
  });
});
