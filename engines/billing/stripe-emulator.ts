import { createHmac, randomBytes } from 'node:crypto';

/*
 * A local Stripe: the slice of Stripe's HTTP API that billing uses (customers, Checkout Sessions in
 * subscription mode, subscriptions, billing portal sessions), spoken the way Stripe speaks it: form-encoded
 * bodies with bracketed keys, a secret key as the bearer, Idempotency-Key replays, Stripe's error envelope, and
 * the events Stripe would emit when the customer pays, cancels or resumes. The real `stripe` SDK talks to it
 * through `httpClient: Stripe.createFetchHttpClient(fake.fetch)` (docs/ENGINES.md): the adapter tests use it,
 * and the local cloud stands it in for Stripe when no STRIPE_SECRET_KEY is set (engines/billing/).
 * It holds its state in memory: a run of the local cloud or one test.
 */

export interface StripeEmulatorOptions {
  /** The secret key callers must send as their bearer. */
  readonly secretKey: string;
  /** Prices that exist; a Checkout Session for any other price is refused as Stripe refuses it. */
  readonly prices: readonly string[];
  /** Where a Checkout Session's hosted page is: its `url` is `<checkoutPageUrl>?session=<id>`. */
  readonly checkoutPageUrl: string;
  /** Where a portal session's hosted page is: its `url` is `<portalPageUrl>?session=<id>`. */
  readonly portalPageUrl: string;
  /** Stripe's clock, epoch milliseconds; tests move it to give events their own timestamps. */
  readonly now?: () => number;
}

type StripeObject = Record<string, unknown> & { readonly id: string };

export interface StripeEmulatorEvent {
  readonly id: string;
  readonly object: 'event';
  readonly type: string;
  readonly created: number;
  readonly livemode: false;
  readonly api_version: string | null;
  readonly data: { readonly object: StripeObject };
}

export interface StripeEmulator {
  /** Stripe's API, as the SDK's fetch http client calls it. */
  readonly fetch: typeof globalThis.fetch;
  customer(id: string): StripeObject | undefined;
  checkoutSession(id: string): StripeObject | undefined;
  portalSession(id: string): StripeObject | undefined;
  subscription(id: string): StripeObject | undefined;
  /** The customer's newest subscription, if any. */
  subscriptionOf(customerId: string): StripeObject | undefined;
  /** The customer pays on the hosted checkout page: the subscription starts and Stripe's events follow. */
  pay(checkoutSessionId: string): {
    readonly redirectTo: string;
    readonly events: readonly StripeEmulatorEvent[];
  };
  /** The customer sets or clears cancellation at the period's end in the portal. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): readonly StripeEmulatorEvent[];
  /** The period ends on a cancelled subscription, or it is cancelled at once: Stripe deletes it. */
  endSubscription(subscriptionId: string): readonly StripeEmulatorEvent[];
  /** A renewal payment fails: the invoice event, and the subscription falls past due. */
  failRenewal(subscriptionId: string): readonly StripeEmulatorEvent[];
  /** Every event emitted so far, oldest first. */
  readonly events: readonly StripeEmulatorEvent[];
}

const API_VERSION = null;
const MONTH_SECONDS = 30 * 24 * 60 * 60;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Stripe's form encoding: `a[b][0][c]=v` into nested objects, numeric keys into arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return arraysFromIndexedObjects(root) as Record<string, unknown>;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(
    ([key, inner]) => [key, arraysFromIndexedObjects(inner)] as const,
  );
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': newId('req') },
  });
}

function text(value: unknown, param: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Missing required param: ${param}.`,
      'parameter_missing',
      param,
    );
  }
  return value;
}

export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  // What a session was created with that Stripe keeps to itself until payment.
  const sessionTerms = new Map<string, { readonly price: string; readonly subscriptionMetadata: unknown }>();
  const idempotent = new Map<
    string,
    { readonly path: string; readonly status: number; readonly body: string }
  >();
  const events: StripeEmulatorEvent[] = [];

  function emit(type: string, object: StripeObject): StripeEmulatorEvent {
    const event: StripeEmulatorEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: seconds(),
      livemode: false,
      api_version: API_VERSION,
      // A snapshot: later changes to the object do not rewrite what this event carried.
      data: { object: structuredClone(object) },
    };
    events.push(event);
    return event;
  }

  function existing(map: Map<string, StripeObject>, id: string, kind: string, param = 'id'): StripeObject {
    const found = map.get(id);
    if (!found) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such ${kind}: '${id}'`,
        'resource_missing',
        param,
      );
    }
    return found;
  }

  function createCustomer(params: Record<string, unknown>): StripeObject {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      created: seconds(),
      email: typeof params.email === 'string' ? params.email : null,
      metadata: params.metadata ?? {},
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function endSubscriptionNow(subscription: StripeObject): StripeEmulatorEvent {
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: seconds(),
      canceled_at: subscription.canceled_at ?? seconds(),
    });
    return emit('customer.subscription.deleted', subscription);
  }

  /**
   * DELETE /v1/customers/:id, as Stripe documents it: the customer is deleted for good and its active
   * subscriptions are cancelled at once; a second delete finds no such customer.
   */
  function deleteCustomer(id: string): StripeObject {
    const customer = existing(customers, id, 'customer');
    for (const subscription of subscriptions.values()) {
      if (subscription.customer === customer.id && subscription.status !== 'canceled') {
        endSubscriptionNow(subscription);
      }
    }
    customers.delete(customer.id);
    return { id: customer.id, object: 'customer', deleted: true };
  }

  function createCheckoutSession(params: Record<string, unknown>): StripeObject {
    if (params.mode !== 'subscription') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This fake supports mode=subscription only.',
        undefined,
        'mode',
      );
    }
    const customer = existing(customers, text(params.customer, 'customer'), 'customer', 'customer');
    const lineItems = Array.isArray(params.line_items)
      ? (params.line_items as Record<string, unknown>[])
      : [];
    const price = lineItems[0]?.price;
    if (typeof price !== 'string' || !options.prices.includes(price)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such price: '${String(price)}'`,
        'resource_missing',
        'line_items[0][price]',
      );
    }
    const session = {
      id: newId('cs_test'),
      object: 'checkout.session',
      created: seconds(),
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: params.metadata ?? {},
      success_url: text(params.success_url, 'success_url'),
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      subscription: null as string | null,
      url: '',
      livemode: false,
    };
    session.url = `${options.checkoutPageUrl}?session=${encodeURIComponent(session.id)}`;
    checkoutSessions.set(session.id, session);
    sessionTerms.set(session.id, {
      price,
      subscriptionMetadata: (params.subscription_data as { metadata?: unknown } | undefined)?.metadata ?? {},
    });
    return session;
  }

  function createPortalSession(params: Record<string, unknown>): StripeObject {
    const customer = existing(customers, text(params.customer, 'customer'), 'customer', 'customer');
    const session = {
      id: newId('bps'),
      object: 'billing_portal.session',
      created: seconds(),
      customer: customer.id,
      return_url: typeof params.return_url === 'string' ? params.return_url : null,
      url: '',
      livemode: false,
    };
    session.url = `${options.portalPageUrl}?session=${encodeURIComponent(session.id)}`;
    portalSessions.set(session.id, session);
    return session;
  }

  const routes: {
    method: string;
    pattern: RegExp;
    run: (match: RegExpExecArray, params: Record<string, unknown>) => StripeObject;
  }[] = [
    { method: 'POST', pattern: /^\/v1\/customers$/, run: (_match, params) => createCustomer(params) },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: (match) => existing(customers, match[1] ?? '', 'customer'),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: (match) => deleteCustomer(match[1] ?? ''),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      run: (_match, params) => createCheckoutSession(params),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      run: (match) => existing(checkoutSessions, match[1] ?? '', 'checkout.session'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      run: (match) => existing(subscriptions, match[1] ?? '', 'subscription'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      run: (_match, params) => createPortalSession(params),
    },
  ];

  const fakeFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await request.text();
    if (request.headers.get('authorization') !== `Bearer ${options.secretKey}`) {
      return json(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const idempotencyKey = request.method === 'POST' ? request.headers.get('idempotency-key') : null;
    const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      if (replay.path !== url.pathname) {
        return json(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used for the same endpoint they were first used for.',
          },
        });
      }
      return new Response(replay.body, {
        status: replay.status,
        headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
      });
    }
    let status = 200;
    let answer: unknown;
    const route = routes.find(
      (candidate) => candidate.method === request.method && candidate.pattern.test(url.pathname),
    );
    try {
      if (!route)
        throw new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        );
      const params = request.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      answer = route.run(route.pattern.exec(url.pathname) as RegExpExecArray, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = { error: { type: error.type, message: error.message, code: error.code, param: error.param } };
    }
    const serialised = JSON.stringify(answer);
    if (idempotencyKey) idempotent.set(idempotencyKey, { path: url.pathname, status, body: serialised });
    return new Response(serialised, {
      status,
      headers: { 'content-type': 'application/json', 'request-id': newId('req') },
    });
  };

  function subscriptionNamed(id: string): StripeObject & Record<string, unknown> {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`No such subscription: ${id}`);
    return found;
  }

  return {
    fetch: fakeFetch,
    events,
    customer: (id) => customers.get(id),
    checkoutSession: (id) => checkoutSessions.get(id),
    portalSession: (id) => portalSessions.get(id),
    subscription: (id) => subscriptions.get(id),
    subscriptionOf(customerId) {
      return [...subscriptions.values()].filter((candidate) => candidate.customer === customerId).at(-1);
    },
    pay(checkoutSessionId) {
      const session = checkoutSessions.get(checkoutSessionId) as
        (StripeObject & Record<string, unknown>) | undefined;
      const terms = sessionTerms.get(checkoutSessionId);
      if (!session || !terms || session.status !== 'open') {
        throw new Error(`No open checkout session: ${checkoutSessionId}`);
      }
      const start = seconds();
      const subscription = {
        id: newId('sub'),
        object: 'subscription',
        created: start,
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        metadata: terms.subscriptionMetadata,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: { id: terms.price, object: 'price' },
              quantity: 1,
              current_period_start: start,
              current_period_end: start + MONTH_SECONDS,
            },
          ],
        },
        livemode: false,
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      // Stripe sends these in no promised order; this is one order it uses.
      const sent = [
        emit('customer.subscription.created', subscription),
        emit('checkout.session.completed', session),
      ];
      const redirectTo = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
      return { redirectTo, events: sent };
    },
    setCancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = subscriptionNamed(subscriptionId);
      if (subscription.status === 'canceled') throw new Error('A deleted subscription cannot change');
      const previous = { cancel_at_period_end: subscription.cancel_at_period_end };
      Object.assign(subscription, { cancel_at_period_end: cancel, canceled_at: cancel ? seconds() : null });
      const event = emit('customer.subscription.updated', subscription);
      (event.data as { previous_attributes?: unknown }).previous_attributes = previous;
      return [event];
    },
    endSubscription(subscriptionId) {
      return [endSubscriptionNow(subscriptionNamed(subscriptionId))];
    },
    failRenewal(subscriptionId) {
      const subscription = subscriptionNamed(subscriptionId);
      Object.assign(subscription, { status: 'past_due' });
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        created: seconds(),
        customer: subscription.customer,
        status: 'open',
        billing_reason: 'subscription_cycle',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
        livemode: false,
      };
      return [emit('customer.subscription.updated', subscription), emit('invoice.payment_failed', invoice)];
    },
  };
}

/**
 * Stripe's signature header over the exact bytes sent, as Stripe signs a webhook delivery:
 * `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's signing secret>`.
 */
export function stripeSignatureHeader(payload: string, secret: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
