import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { messageForFailedResponse } from '@wayfarer/shared/domain/error-mapping';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { getConfig } from '@wayfarer/lambdas/config';
import { usageDay } from '@wayfarer/lambdas/domain/allowance';
import { getTable } from '@wayfarer/lambdas/providers';
import type * as DeepgramKeys from '@wayfarer/lambdas/adapters/cloud/deepgram-keys';
import type { RequestBudget } from '@wayfarer/lambdas/adapters/cloud/openai-client';
import type * as StripeBilling from '@wayfarer/lambdas/adapters/cloud/stripe-billing';
import type { ProviderFault } from '@wayfarer/lambdas/testing/openai-compatible-server';
import {
  startScriptedDeepgramServer,
  type ScriptedDeepgramServer,
} from '@wayfarer/lambdas/testing/scripted-deepgram-server';
import { stripeSignatureHeader } from '@wayfarer/engines/billing/stripe-emulator';
import { call, startFaultCloud, type Answer, type FaultCloud } from './fault-cloud';
import { startLocalStripeApi, type LocalStripeApi } from './local-stripe-api';

// The cloud providers' management APIs the product calls in production, failing: Deepgram's key API (a speech key
// is minted there on every Start) and Stripe's API (checkout, portal, the subscription read of a webhook). The
// adapters are the production ones (fetch under provider-fetch.ts's budget: no SDK fits their bundles), built by
// the local cloud from STRIPE_API_URL and DEEPGRAM_API_URL, pointed at protocol-faithful servers that answer 5xx,
// hang, or close the connection mid-answer. Only the budget is shortened, through the factories' option, so a
// hang costs seconds here; the production budgets are held under the functions' timeouts by
// infra/aws/provider-deadlines.test.ts.

// Hoisted with the mocks below, which hand it to the factories.
const BUDGET: RequestBudget = vi.hoisted(() => ({ timeoutMs: 1_000, maxRetries: 1 }));
/** The longest a faulted call may take: its sequential requests (2), each every attempt timing out plus a pause. */
const FAULTED_CALL_MS = 2 * ((BUDGET.maxRetries + 1) * BUDGET.timeoutMs + 1_000);

vi.mock('@wayfarer/lambdas/adapters/cloud/deepgram-keys', async (original) => {
  const actual = await original<typeof DeepgramKeys>();
  return {
    ...actual,
    createDeepgramKeys: (options: Parameters<typeof actual.createDeepgramKeys>[0]) =>
      actual.createDeepgramKeys({ ...options, budget: BUDGET }),
  };
});
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

let deepgram: ScriptedDeepgramServer;
let stripe: LocalStripeApi;
let fault: FaultCloud;
/** A traveller who has been to checkout once (so has a Stripe customer, for the portal) and its paid session. */
let customer: { token: string; completed: string };

function subOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string })
    .sub;
}

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
  deepgram = await startScriptedDeepgramServer({ script: [] });
  stripe = await startLocalStripeApi({ secretKey: SECRET_KEY, prices: [PRICE] });
  fault = await startFaultCloud({
    STT_ENGINE: 'cloud',
    DEEPGRAM_API_KEY: 'faults-main-key',
    DEEPGRAM_API_URL: deepgram.url,
    DEEPGRAM_LISTEN_URL: deepgram.listenUrl,
    BILLING_ENGINE: 'cloud',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: PRICE,
    STRIPE_API_URL: stripe.url,
  });
  // A warm container: the Deepgram project is looked up once, so each fault meets the key request of a Start.
  const warm = await call(fault.cloud.url, 'GET', '/api/deepgram/key', { token: await register() });
  expect(warm.status).toBe(200);
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
  await deepgram?.close();
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
async function everyCall(traveller: string, newcomer: string) {
  const url = fault.cloud.url;
  const [key, checkout, portal, webhook] = await Promise.all([
    call(url, 'GET', '/api/deepgram/key', { token: traveller }),
    call(url, 'POST', '/api/stripe/create-checkout-session', { token: newcomer }),
    call(url, 'POST', '/api/stripe/customer-portal', { token: customer.token }),
    deliverCompleted(),
  ]);
  return { key, checkout, portal, webhook };
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
  const traveller = await register();
  const newcomer = await register();
  const deepgramBefore = deepgram.keyApiRequests;
  const stripeBefore = stripe.requests.length;
  deepgram.fault(providerFault);
  stripe.fault(providerFault);
  const started = Date.now();
  const answers = await everyCall(traveller, newcomer);
  const took = Date.now() - started;

  // Each answer is the mapped 503 (the voice screen shows error_deepgram_key for a failed key; billing shows the
  // server's key; Stripe redelivers a webhook answered 5xx), within the budget, never a 500 or a hang.
  expectUnavailable('speech key', answers.key, '/api/deepgram/key');
  expectUnavailable('checkout', answers.checkout, '/api/stripe/create-checkout-session');
  expectUnavailable('portal', answers.portal, '/api/stripe/customer-portal');
  expectUnavailable('webhook', answers.webhook, '/api/stripe/webhook');
  expect(took).toBeLessThan(FAULTED_CALL_MS);

  // The clients' own retries, no more: each failed request tried maxRetries + 1 times. Deepgram: the key request.
  // Stripe: the newcomer's customer, the portal session and the webhook's subscription read, each POST's
  // attempts under one Idempotency-Key.
  const attempts = BUDGET.maxRetries + 1;
  expect(deepgram.keyApiRequests - deepgramBefore).toBe(attempts);
  const stripeRequests = stripe.requests.slice(stripeBefore);
  expect(stripeRequests).toHaveLength(3 * attempts);
  for (const path of ['/v1/customers', '/v1/billing_portal/sessions']) {
    const keys = stripeRequests.filter((request) => request.path === path).map((r) => r.idempotencyKey);
    expect(keys, path).toHaveLength(attempts);
    expect(new Set(keys).size, path).toBe(1);
  }

  // The lease opened for a key Deepgram never handed over costs the traveller nothing.
  const ledger = await createLeaseStore(await getTable()).ledger(subOf(traveller), usageDay(new Date()));
  expect(ledger.leases).toHaveLength(1);
  expect(ledger.leases[0]?.closed?.seconds).toBe(0);

  // The fault clears: each call works, and the next key has the traveller's whole day.
  deepgram.fault(undefined);
  stripe.fault(undefined);
  const after = await everyCall(traveller, newcomer);
  expect(after.key).toMatchObject({
    status: 200,
    body: { time_to_live_in_seconds: (await getConfig()).USER_DAILY_SECONDS },
  });
  expect(after.checkout).toMatchObject({ status: 200, body: { checkoutUrl: expect.any(String) as unknown } });
  expect(after.portal).toMatchObject({ status: 200, body: { portalUrl: expect.any(String) as unknown } });
  expect(after.webhook).toMatchObject({ status: 200, body: { received: true } });
  const subscription = await call(fault.cloud.url, 'GET', '/api/stripe/subscription', {
    token: customer.token,
  });
  expect(subscription).toMatchObject({ status: 200, body: { subscription: { status: 'ACTIVE' } } });
}

describe("the cloud providers' management APIs failing (Deepgram's key API, Stripe's API)", () => {
  it('answering 5xx: each client retries once, then the speech key, checkout, portal and webhook answer 503 with Retry-After; the unminted key costs nothing; the next calls work', async () => {
    await underFault({ kind: 'status', status: 500 });
  });

  it('hanging: each client gives up at its deadline, under the function timeout, with a 503 and Retry-After; the unminted key costs nothing; the next calls work', async () => {
    await underFault({ kind: 'hang' });
  });

  it('closing the connection mid-answer: a 503 with Retry-After, never a 500; the key never delivered costs nothing; the next calls work', async () => {
    await underFault({ kind: 'cut', afterChunks: 0 });
  });
});
