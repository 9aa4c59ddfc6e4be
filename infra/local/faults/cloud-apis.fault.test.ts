import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { messageForFailedResponse } from '@wayfarer/shared/domain/error-mapping';
import type { RequestBudget } from '@wayfarer/lambdas/adapters/cloud/openai-client';
import type * as StripeBilling from '@wayfarer/lambdas/adapters/cloud/stripe-billing';
import type { ProviderFault } from '@wayfarer/lambdas/testing/openai-compatible-server';
import { stripeSignatureHeader } from '@wayfarer/engines/billing/stripe-emulator';
import { call, startFaultCloud, type Answer, type FaultCloud } from './fault-cloud';
import { startLocalStripeApi, type LocalStripeApi } from './local-stripe-api';

// The cloud provider management API the product calls in production, failing: Stripe's API (checkout, portal, the
// subscription read of a webhook). The adapter is the production one (fetch under provider-fetch.ts's budget: no
// SDK fits its bundle), built by the local cloud from STRIPE_API_URL, pointed at a protocol-faithful server that
// answers 5xx, hangs, or closes the connection mid-answer. (Deepgram's live socket failing, which only the speech
// relay opens, is lambdas/relay/relay.int.test.ts's.) Only the budget is shortened, through the factories' option, so a
// hang costs seconds here; the production budgets are held under the functions' timeouts by
// infra/aws/provider-deadlines.test.ts.

// Hoisted with the mocks below, which hand it to the factories.
const BUDGET: RequestBudget = vi.hoisted(() => ({ timeoutMs: 1_000, maxRetries: 1 }));
/** The longest a faulted call may take: its sequential requests (2), each every attempt timing out plus a pause. */
const FAULTED_CALL_MS = 2 * ((BUDGET.maxRetries + 1) * BUDGET.timeoutMs + 1_000);

vi.mock('@wayfarer/lambdas/adapters/cloud/stripe-billing', async (original) => {
  const actual = await original<typeof StripeBilling>();
  return {
    ...actual,
    createStripeBilling: (options: Parameters<typeof actual.createStripeBilling>[0]) =>
      actual.createStripeBilling({ ...options, budget: BUDGET }),
  };
});

const PASSWORD = 'Travel!2024x';
const SECRET_KEY = 'sk_test_wayfarer_faults';
const WEBHOOK_SECRET = 'whsec_wayfarer_faults';
const PRICE = 'price_wayfarer_faults';

let stripe: LocalStripeApi;
let fault: FaultCloud;
/** A traveller who has been to checkout once (so has a Stripe customer, for the portal) and its paid session. */
let customer: { token: string; completed: string };

let travellers = 0;
async function register(): Promise<string> {
  travellers += 1;
  const answer = await call(fault.cloud.url, 'POST', '/api/auth/register', {
    json: {
      email: `cloud-apis-${Date.now()}-${travellers}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  return (answer.body as { token: string }).token;
}

beforeAll(async () => {
  stripe = await startLocalStripeApi({ secretKey: SECRET_KEY, prices: [PRICE] });
  fault = await startFaultCloud({
    BILLING_ENGINE: 'cloud',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: PRICE,
    STRIPE_API_URL: stripe.url,
  });
  const token = await register();
  const checkout = await call(fault.cloud.url, 'POST', '/api/stripe/create-checkout-session', { token });
  expect(checkout.status).toBe(200);
  const session = new URL((checkout.body as { checkoutUrl: string }).checkoutUrl).searchParams.get('session');
  const completed = stripe.emulator
    .pay(session ?? '')
    .events.find((event) => event.type === 'checkout.session.completed');
  customer = { token, completed: JSON.stringify(completed) };
});

afterAll(async () => {
  await fault?.stop();
  await stripe?.close();
});

/** Stripe delivering checkout.session.completed: the handler reads the subscription from Stripe's API. */
const deliverCompleted = () =>
  call(fault.cloud.url, 'POST', '/api/stripe/webhook', {
    body: customer.completed,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignatureHeader(customer.completed, WEBHOOK_SECRET),
    },
  });

/** Each call a traveller (or Stripe) makes that reaches a provider's management API, made at once. */
async function everyCall(newcomer: string) {
  const url = fault.cloud.url;
  const [checkout, portal, webhook] = await Promise.all([
    call(url, 'POST', '/api/stripe/create-checkout-session', { token: newcomer }),
    call(url, 'POST', '/api/stripe/customer-portal', { token: customer.token }),
    deliverCompleted(),
  ]);
  return { checkout, portal, webhook };
}

/** SPEC §8's 503: the caller is told to come back (Retry-After) and reads error_service_unavailable. */
function expectUnavailable(what: string, answer: Answer, path: string): void {
  expect(answer.status, what).toBe(503);
  expect(answer.headers.get('retry-after'), what).toMatch(/^\d+$/);
  expect(
    messageForFailedResponse({ status: answer.status, body: answer.body, bodyReadable: true, path }),
    what,
  ).toBe(HTTP_ERROR_KEYS.unavailable);
}

async function underFault(providerFault: ProviderFault): Promise<void> {
  const newcomer = await register();
  const stripeBefore = stripe.requests.length;
  stripe.fault(providerFault);
  const started = Date.now();
  const answers = await everyCall(newcomer);
  const took = Date.now() - started;

  // Each answer is the mapped 503 (billing shows the server's key; Stripe redelivers a webhook answered 5xx),
  // within the budget, never a 500 or a hang.
  expectUnavailable('checkout', answers.checkout, '/api/stripe/create-checkout-session');
  expectUnavailable('portal', answers.portal, '/api/stripe/customer-portal');
  expectUnavailable('webhook', answers.webhook, '/api/stripe/webhook');
  expect(took).toBeLessThan(FAULTED_CALL_MS);

  // The client's own retries, no more: each failed request tried maxRetries + 1 times. Stripe: the newcomer's customer, the portal session and the webhook's subscription read, each POST's
  // attempts under one Idempotency-Key.
  const attempts = BUDGET.maxRetries + 1;
  const stripeRequests = stripe.requests.slice(stripeBefore);
  expect(stripeRequests).toHaveLength(3 * attempts);
  for (const path of ['/v1/customers', '/v1/billing_portal/sessions']) {
    const keys = stripeRequests.filter((request) => request.path === path).map((r) => r.idempotencyKey);
    expect(keys, path).toHaveLength(attempts);
    expect(new Set(keys).size, path).toBe(1);
  }

  // The fault clears: each call works.
  stripe.fault(undefined);
  const after = await everyCall(newcomer);
  expect(after.checkout).toMatchObject({ status: 200, body: { checkoutUrl: expect.any(String) as unknown } });
  expect(after.portal).toMatchObject({ status: 200, body: { portalUrl: expect.any(String) as unknown } });
  expect(after.webhook).toMatchObject({ status: 200, body: { received: true } });
  const subscription = await call(fault.cloud.url, 'GET', '/api/stripe/subscription', {
    token: customer.token,
  });
  expect(subscription).toMatchObject({ status: 200, body: { subscription: { status: 'ACTIVE' } } });
}

describe("the cloud provider's management API failing (Stripe's API)", () => {
  it('answering 5xx: each client retries once, then checkout, portal and webhook answer 503 with Retry-After; the next calls work', async () => {
    await underFault({ kind: 'status', status: 500 });
  });

  it('hanging: each client gives up at its deadline, under the function timeout, with a 503 and Retry-After; the next calls work', async () => {
    await underFault({ kind: 'hang' });
  });

  it('closing the connection mid-answer: a 503 with Retry-After, never a 500; the next calls work', async () => {
    await underFault({ kind: 'cut', afterChunks: 0 });
  });
});
