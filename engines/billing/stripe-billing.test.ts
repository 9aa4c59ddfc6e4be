import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '@wayfarer/lambdas/http/dependency-failure';
import { WebhookSignatureError } from '@wayfarer/lambdas/ports/billing';
import { createStripeEmulator, type StripeEmulatorEvent } from './stripe-emulator';
import {
  createStripeBilling,
  STRIPE_API_VERSION,
  verifyStripeSignature,
} from '@wayfarer/lambdas/adapters/cloud/stripe-billing';

const SECRET_KEY = 'sk_test_wayfarer';
const WEBHOOK_SECRET = 'whsec_wayfarer_test';
const PRICE = 'price_pro_monthly';
const APP_URL = 'https://app.example.com';

function setUp() {
  let clock = Date.parse('2026-05-01T10:00:00Z');
  const fake = createStripeEmulator({
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
function delivery(event: StripeEmulatorEvent, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return {
    rawBody: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

async function subscribed(setup: ReturnType<typeof setUp>) {
  const { checkoutUrl, stripeCustomerId } = await setup.billing.createCheckoutSession({
    sub: 'user-1',
    email: 'a@example.com',
  });
  const sessionId = new URL(checkoutUrl).searchParams.get('session') ?? '';
  const paid = setup.fake.pay(sessionId);
  const subscription = setup.fake.subscriptionOf(stripeCustomerId);
  return { stripeCustomerId, sessionId, paid, subscriptionId: subscription?.id ?? '' };
}

describe('Stripe billing adapter', () => {
  it('opens a subscription-mode Checkout Session for the price, returning to the success and cancel pages', async () => {
    const { fake, billing } = setUp();
    const { checkoutUrl, stripeCustomerId } = await billing.createCheckoutSession({
      sub: 'user-1',
      email: 'a@example.com',
    });
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
    const { stripeCustomerId } = await billing.createCheckoutSession({
      sub: 'user-1',
      email: 'a@example.com',
    });
    const again = await billing.createCheckoutSession({
      sub: 'user-1',
      email: 'a@example.com',
      stripeCustomerId,
    });
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
    await expect(billing.createCheckoutSession({ sub: 'user-1', email: 'a@example.com' })).rejects.toThrow(
      /No such price/,
    );
  });

  it('opens a portal session for the customer that returns to the manage page', async () => {
    const { fake, billing } = setUp();
    const { stripeCustomerId } = await billing.createCheckoutSession({
      sub: 'user-1',
      email: 'a@example.com',
    });
    const { portalUrl } = await billing.createPortalSession(stripeCustomerId);
    expect(fake.portalSession(new URL(portalUrl).searchParams.get('session') ?? '')).toMatchObject({
      customer: stripeCustomerId,
      return_url: `${APP_URL}/manage-subscription`,
    });
  });

  it('refuses a webhook signed with another secret', async () => {
    const setup = setUp();
    const { paid } = await subscribed(setup);
    const { rawBody, signature } = delivery(paid.events[0] as StripeEmulatorEvent, 'whsec_someone_else');
    await expect(setup.billing.parseWebhook(rawBody, signature)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('refuses a webhook whose body changed after signing, by one byte', async () => {
    const setup = setUp();
    const { paid } = await subscribed(setup);
    const { rawBody, signature } = delivery(paid.events[0] as StripeEmulatorEvent);
    const altered = Buffer.from(rawBody.toString('utf8').replace('"active"', '"activf"'));
    await expect(setup.billing.parseWebhook(altered, signature)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('reads a created subscription as ACTIVE with its period end, stamped with the event’s own time', async () => {
    const setup = setUp();
    const { paid, stripeCustomerId } = await subscribed(setup);
    const created = paid.events.find(
      (event) => event.type === 'customer.subscription.created',
    ) as StripeEmulatorEvent;
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
    const completed = paid.events.find(
      (event) => event.type === 'checkout.session.completed',
    ) as StripeEmulatorEvent;
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
    const pending = delivery(updated as StripeEmulatorEvent);
    expect(await setup.billing.parseWebhook(pending.rawBody, pending.signature)).toMatchObject({
      state: { status: 'ACTIVE', cancelAtPeriodEnd: true, currentPeriodEnd: '2026-05-31T10:00:00.000Z' },
    });
    setup.advance(60);
    const [deleted] = setup.fake.endSubscription(subscriptionId);
    const ended = delivery(deleted as StripeEmulatorEvent);
    expect(await setup.billing.parseWebhook(ended.rawBody, ended.signature)).toMatchObject({
      state: { status: 'CANCELED', cancelAtPeriodEnd: false, changedAt: new Date('2026-05-01T10:02:00Z') },
    });
  });

  it('reads invoice.payment_failed as the subscription falling PAST_DUE', async () => {
    const setup = setUp();
    const { subscriptionId } = await subscribed(setup);
    const failed = setup.fake
      .failRenewal(subscriptionId)
      .find((event) => event.type === 'invoice.payment_failed');
    const { rawBody, signature } = delivery(failed as StripeEmulatorEvent);
    expect(await setup.billing.parseWebhook(rawBody, signature)).toMatchObject({
      state: { status: 'PAST_DUE' },
    });
  });

  it('passes over signed events it does not act on', async () => {
    const { billing } = setUp();
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: { id: 'cus_1' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await billing.parseWebhook(Buffer.from(payload), signature)).toBeUndefined();
  });

  it('asks for the API version of the installed stripe SDK, whose types it reads objects with', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('accepts exactly the signatures the stripe SDK accepts: any matching v1, within five minutes', async () => {
    const payload = '{"id":"evt_1","object":"event"}';
    const sdk = new Stripe('sk_test_unused');
    const at = Math.floor(Date.now() / 1000);
    const cases = [
      {
        header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: at }),
        now: at,
      },
      {
        header: `t=${at},v1=${'0'.repeat(64)},${Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: at }).split(',')[1]}`,
        now: at,
      },
      {
        header: Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: at - 301,
        }),
        now: at,
      },
      {
        header: Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: at }),
        now: at,
      },
      { header: `t=${at}`, now: at },
      { header: 'garbage', now: at },
    ];
    for (const { header, now } of cases) {
      const sdkAccepts = await sdk.webhooks
        .constructEventAsync(payload, header, WEBHOOK_SECRET, 300, undefined, now * 1000)
        .then(
          () => true,
          () => false,
        );
      let oursAccepts = true;
      try {
        verifyStripeSignature(Buffer.from(payload), header, WEBHOOK_SECRET, now);
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookSignatureError);
        oursAccepts = false;
      }
      expect(oursAccepts, header).toBe(sdkAccepts);
    }
  });
});

describe('the local Stripe, as the stripe SDK sees it', () => {
  const sdkOn = (fake: ReturnType<typeof setUp>['fake'], key = SECRET_KEY) =>
    new Stripe(key, { httpClient: Stripe.createFetchHttpClient(fake.fetch), maxNetworkRetries: 0 });

  it('serves customers, subscription-mode Checkout Sessions and portal sessions in Stripe’s shapes', async () => {
    const { fake } = setUp();
    const stripe = sdkOn(fake);
    const customer = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'once' });
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'once' });
    expect(again.id).toBe(customer.id);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: PRICE, quantity: 1 }],
      success_url: `${APP_URL}/subscribe-success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', customer: customer.id });
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const { redirectTo } = fake.pay(session.id);
    expect(redirectTo).toBe(`${APP_URL}/subscribe-success?session_id=${session.id}`);
    const subscription = await stripe.subscriptions.retrieve(
      String(fake.checkoutSession(session.id)?.subscription),
    );
    expect(subscription.status).toBe('active');
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: APP_URL });
    expect(portal.url).toContain(portal.id);
  });

  it('answers errors in Stripe’s envelope, which the SDK raises as its own errors', async () => {
    const { fake } = setUp();
    await expect(sdkOn(fake, 'sk_test_wrong').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(
      sdkOn(fake).checkout.sessions.create({
        mode: 'subscription',
        customer: 'cus_none',
        success_url: APP_URL,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
  });
});

describe('Stripe’s API failing', () => {
  const QUICK = { timeoutMs: 500, maxRetries: 1 };

  /** The emulator behind a fetch that fails the first `failures` requests as `how`, recording each request. */
  function failing(how: 'status' | 'cut', failures: number) {
    const fake = createStripeEmulator({
      secretKey: SECRET_KEY,
      prices: [PRICE],
      checkoutPageUrl: 'https://checkout.example.com/pay',
      portalPageUrl: 'https://billing.example.com/portal',
    });
    const seen: { url: string; idempotencyKey: string | null }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push({ url: String(input), idempotencyKey: new Headers(init?.headers).get('idempotency-key') });
      if (seen.length > failures) return fake.fetch(input, init);
      if (how === 'status')
        return new Response(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }), {
          status: 500,
        });
      return new Response(
        new ReadableStream({
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode('{"id":"cus_'));
            controller.error(
              new TypeError('terminated', {
                cause: Object.assign(new Error('closed'), { code: 'UND_ERR_SOCKET' }),
              }),
            );
          },
        }),
        { status: 200 },
      );
    };
    const billing = createStripeBilling({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      priceId: PRICE,
      appUrl: APP_URL,
      fetch,
      apiUrl: 'http://127.0.0.1:12111/',
      budget: QUICK,
    });
    return { billing, seen };
  }

  it('tries a 5xx again with the same Idempotency-Key, at the configured origin, and the checkout opens', async () => {
    const { billing, seen } = failing('status', 1);
    await expect(billing.createCheckoutSession({ sub: 'u', email: 'a@example.com' })).resolves.toMatchObject({
      checkoutUrl: expect.stringContaining('https://checkout.example.com/pay') as unknown,
    });
    expect(seen[0]!.url).toBe('http://127.0.0.1:12111/v1/customers');
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
    expect(seen).toHaveLength(3);
  });

  it('past its budget, a 5xx or an answer cut short is a dependency out of reach (a 503), never a 500', async () => {
    for (const how of ['status', 'cut'] as const) {
      const { billing, seen } = failing(how, Infinity);
      const failure = await billing
        .createCheckoutSession({ sub: 'u', email: 'a@example.com' })
        .catch((error: unknown) => error);
      expect(isDependencyUnavailable(failure), how).toBe(true);
      expect(seen, how).toHaveLength(QUICK.maxRetries + 1);
    }
  });
});
