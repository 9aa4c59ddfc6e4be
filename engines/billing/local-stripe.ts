/**
 * Billing when no Stripe key is set (BILLING_ENGINE=embedded): the billing handlers keep their Stripe adapter,
 * which talks to the local Stripe (engines/billing/stripe-emulator.ts) in this process instead of api.stripe.com.
 * Its hosted pages are the local checkout and portal pages (checkout-pages.ts), and what the customer does
 * there reaches the app as Stripe would send it: signed webhooks to POST /api/stripe/webhook, then a redirect.
 */
import { createHmac } from 'node:crypto';
import { createStripeBilling } from '@wayfarer/lambdas/adapters/cloud/stripe-billing';
import type { Config } from '@wayfarer/lambdas/config';
import type { Billing } from '@wayfarer/lambdas/ports/billing';
import {
  createStripeEmulator,
  stripeSignatureHeader,
  type StripeEmulator,
  type StripeEmulatorEvent,
} from './stripe-emulator';
import { routeTable } from '@wayfarer/shared/api/route-table';

export const LOCAL_CHECKOUT_PATH = '/__local/checkout';
export const LOCAL_PORTAL_PATH = '/__local/portal';
/** Not a secret: it opens nothing but this process's own stand-in. */
const LOCAL_SECRET_KEY = 'sk_test_wayfarer_local';
const LOCAL_PRICE_ID = 'price_wayfarer_local_pro';

const WEBHOOK_PATH =
  routeTable.find((route) => route.id === 'billing.webhook')?.path ?? '/api/stripe/webhook';

interface LocalStripe {
  readonly fake: StripeEmulator;
  readonly webhookUrl: string;
  readonly webhookSecret: string;
}

let current: LocalStripe | undefined;

/** The stand-in of the running local cloud, once billing has been used; undefined before. */
export function localStripe(): LocalStripe | undefined {
  return current;
}

/** STRIPE_WEBHOOK_SECRET when set (so a real endpoint's secret also works here), else one derived per data folder. */
function localWebhookSecret(config: Config): string {
  if (config.STRIPE_WEBHOOK_SECRET !== undefined) return config.STRIPE_WEBHOOK_SECRET;
  if (config.IP_HASH_SECRET === undefined)
    throw new Error('The local checkout needs IP_HASH_SECRET to sign its webhooks');
  return `whsec_${createHmac('sha256', config.IP_HASH_SECRET).update('local-stripe-webhook').digest('hex')}`;
}

/**
 * The embedded billing engine (registered from engines/register.ts): built on the first billing call after each
 * start of the local cloud, with a fresh stand-in for that run.
 */
export function createLocalBilling(config: Config): Billing {
  if (config.APP_URL === undefined) throw new Error('The local checkout needs APP_URL');
  const priceId = config.STRIPE_PRICE_ID ?? LOCAL_PRICE_ID;
  // The local cloud's own port, which serves these pages even behind a proxy that the gateway refuses them to.
  const pagesUrl = config.LOCAL_ROUTES_URL ?? config.APP_URL;
  const fake = createStripeEmulator({
    secretKey: LOCAL_SECRET_KEY,
    prices: [priceId],
    checkoutPageUrl: `${pagesUrl}${LOCAL_CHECKOUT_PATH}`,
    portalPageUrl: `${pagesUrl}${LOCAL_PORTAL_PATH}`,
  });
  const webhookSecret = localWebhookSecret(config);
  current = { fake, webhookSecret, webhookUrl: `${config.APP_URL}${WEBHOOK_PATH}` };
  return createStripeBilling({
    secretKey: LOCAL_SECRET_KEY,
    webhookSecret,
    priceId,
    appUrl: config.APP_URL,
    fetch: fake.fetch,
  });
}

export class WebhookDeliveryError extends Error {
  override readonly name = 'WebhookDeliveryError';
}

/** Sends each event, in order, as Stripe does: signed JSON, and a non-2xx answer is a failed delivery. */
export async function deliverWebhooks(
  stripe: LocalStripe,
  events: readonly StripeEmulatorEvent[],
): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const response = await fetch(stripe.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(payload, stripe.webhookSecret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await response.body?.cancel();
    if (!response.ok)
      throw new WebhookDeliveryError(`The app answered ${event.type} with ${response.status}`);
  }
}
