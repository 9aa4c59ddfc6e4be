import { createHmac, timingSafeEqual } from 'node:crypto';
// Types only: the SDK itself (about 240 KB minified, every resource of the API) would take a billing bundle
// over its 400 KB budget, so this adapter speaks Stripe's HTTP API with fetch and checks signatures with
// node:crypto, in the SDK's types; the tests hold it to the SDK (stripe-billing.test.ts).
import type Stripe from 'stripe';
import { subscriptionStatusSchema, type SubscriptionStatus } from '@wayfarer/shared/api/auth';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';
import {
  WebhookSignatureError,
  type Billing,
  type BillingSubscriptionEvent,
  type StampedSubscriptionState,
} from '../../ports/billing';
import type { RequestBudget } from './openai-client';
import { fetchWithBudget } from './provider-fetch';

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
  /** Stripe's API origin, https://api.stripe.com unless set (STRIPE_API_URL: the fault suite's local Stripe). */
  readonly apiUrl?: string;
  /** STRIPE_BUDGET unless given (the fault suite shortens it). */
  readonly budget?: RequestBudget;
  /** Seconds since the epoch, for the signature's replay window; tests move it. */
  readonly nowSeconds?: () => number;
}

const STRIPE_API_URL = 'https://api.stripe.com';
/**
 * The API version every request asks for, so objects have the shape the types describe: the installed SDK's
 * own (a test keeps them equal). The webhook endpoint is created with the same version (README, Stripe).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';
/** Stripe's own default: a signed delivery older than this is refused as a possible replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The metadata key that names our account on Stripe's customer and subscription objects. */
const USER_SUB_METADATA = 'userSub';
/**
 * Each request to Stripe's API: 5 s for the whole answer and one retry, by stripe-node's rule (a connection error,
 * a timeout, `Stripe-Should-Retry`, 409, 5xx: provider-fetch.ts), with the same Idempotency-Key. A checkout makes
 * two requests one after the other (customer, session): 2 x (2 x 5 s + 0.5 s) = 21 s, under the billing function's
 * 25 s (infra/aws/provider-deadlines.test.ts). stripe-node's defaults (80 s, 2 retries) would outlive it.
 */
export const STRIPE_BUDGET: RequestBudget = { timeoutMs: 5_000, maxRetries: 1 };

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
    currentPeriodEnd:
      cancelAt !== undefined ? toIso(cancelAt) : periodEnd !== undefined ? toIso(periodEnd) : null,
    changedAt,
  };
}

const idOf = (value: string | { readonly id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** Stripe Checkout (subscription mode), the customer portal and signed webhooks, with the real SDK. */
export function createStripeBilling(options: StripeBillingOptions): Billing {
  const stripe = createStripeApi(options);
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

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
          await stripe.post<Stripe.Customer>(
            '/v1/customers',
            { email, metadata: { [USER_SUB_METADATA]: sub } },
            // One customer per account, however often a first checkout is retried.
            `wayfarer-customer-${sub}`,
          )
        ).id;
      const session = await stripe.post<Stripe.Checkout.Session>('/v1/checkout/sessions', {
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
      const session = await stripe.post<Stripe.BillingPortal.Session>('/v1/billing_portal/sessions', {
        customer: stripeCustomerId,
        return_url: `${options.appUrl}${PAGES.manageSubscription}`,
      });
      return { portalUrl: session.url };
    },

    async deleteCustomer(stripeCustomerId) {
      try {
        await stripe.delete(`/v1/customers/${encodeURIComponent(stripeCustomerId)}`);
      } catch (error) {
        // Deleted by an earlier attempt of the same erasure: nothing is left to cancel.
        if (error instanceof StripeRequestError && error.status === 404) return;
        throw error;
      }
    },

    async parseWebhook(rawBody, signature) {
      verifyStripeSignature(rawBody, signature, options.webhookSecret, nowSeconds());
      const event = JSON.parse(rawBody.toString('utf8')) as Stripe.Event;
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
          return fromSubscription(
            event,
            await stripe.get<Stripe.Subscription>(`/v1/subscriptions/${encodeURIComponent(subscription)}`),
            session.client_reference_id,
          );
        }
        case 'invoice.payment_failed': {
          const subscription = idOf(event.data.object.parent?.subscription_details?.subscription);
          if (subscription === undefined) return undefined;
          return fromSubscription(
            event,
            await stripe.get<Stripe.Subscription>(`/v1/subscriptions/${encodeURIComponent(subscription)}`),
          );
        }
        default:
          return undefined;
      }
    },
  };
}

/** A refusal from Stripe's API, with Stripe's own message (never the request, which may hold an address). */
export class StripeRequestError extends Error {
  override readonly name = 'StripeRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type FormValue =
  string | number | boolean | null | undefined | readonly FormValue[] | { readonly [key: string]: FormValue };

/** Stripe's form encoding: nested objects and arrays as bracketed keys, `a[b][0][c]=v`. */
export function stripeFormEncode(params: { readonly [key: string]: FormValue }): string {
  const pairs: [string, string][] = [];
  const add = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (typeof value !== 'object') return void pairs.push([key, String(value)]);
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [inner, item] of entries) add(`${key}[${inner}]`, item as FormValue);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  // URLSearchParams would encode the brackets; Stripe reads them either way, the SDK sends them bare.
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

function createStripeApi(options: Pick<StripeBillingOptions, 'secretKey' | 'fetch' | 'apiUrl' | 'budget'>) {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const apiUrl = (options.apiUrl ?? STRIPE_API_URL).replace(/\/+$/, '');
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: string,
    idempotencyKey?: string,
  ): Promise<T> {
    const response = await fetchWithBudget(
      fetchFn,
      `${apiUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'stripe-version': STRIPE_API_VERSION,
          ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          // Every attempt of a POST carries one key: Stripe answers a repeated key with the first answer.
          ...(method === 'POST' ? { 'idempotency-key': idempotencyKey ?? crypto.randomUUID() } : {}),
        },
        body,
      },
      options.budget ?? STRIPE_BUDGET,
    );
    let answer: { error?: { message?: string } } | undefined;
    try {
      answer = JSON.parse(response.text) as typeof answer;
    } catch {
      answer = undefined;
    }
    if (!response.ok) {
      throw new StripeRequestError(
        response.status,
        answer?.error?.message ?? `Stripe answered ${response.status}`,
      );
    }
    if (answer === undefined)
      throw new Error(`Stripe answered ${response.status} with a body that is not JSON`);
    return answer as T;
  }
  return {
    get: <T>(path: string) => call<T>('GET', path),
    delete: <T>(path: string) => call<T>('DELETE', path),
    post: <T>(path: string, params: { readonly [key: string]: FormValue }, idempotencyKey?: string) =>
      call<T>('POST', path, stripeFormEncode(params), idempotencyKey),
  };
}

/**
 * Stripe's signature scheme: the `Stripe-Signature` header holds `t=<unix time>` and one or more
 * `v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>`; any v1 that matches, within the
 * tolerance, verifies. Throws WebhookSignatureError otherwise.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string,
  secret: string,
  nowSeconds: number,
): void {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts
    .filter(([key, value]) => key === 'v1' && value)
    .map(([, value]) => value as string);
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('The Stripe-Signature header has no timestamp or no v1 signature');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches)
    throw new WebhookSignatureError('No signature in the Stripe-Signature header matches the body');
  if (nowSeconds - timestamp > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The signed timestamp is outside the tolerance');
  }
}
