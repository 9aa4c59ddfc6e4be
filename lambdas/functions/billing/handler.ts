import { httpRoute } from '../../http/route';
import { logger } from '../../logger';
import { getBilling, getEvents, getIdempotencyMarks, getSubscriptions } from '../../providers';
import { currentSubscription, openPortal, receiveWebhook, startCheckout } from './service';

const ports = async () => {
  const [billing, subscriptions] = await Promise.all([getBilling(), getSubscriptions()]);
  return { billing, subscriptions };
};

export const createCheckoutSession = httpRoute('billing.createCheckoutSession', async (request) =>
  startCheckout(await ports(), request.auth.sub),
);
export const subscription = httpRoute('billing.subscription', async (request) =>
  currentSubscription({ subscriptions: await getSubscriptions() }, request.auth.sub),
);
export const customerPortal = httpRoute('billing.customerPortal', async (request) =>
  openPortal(await ports(), request.auth.sub),
);
export const webhook = httpRoute('billing.webhook', async (request) => {
  const [billing, subscriptions, marks, events] = await Promise.all([
    getBilling(),
    getSubscriptions(),
    getIdempotencyMarks(),
    getEvents(),
  ]);
  await receiveWebhook(
    { billing, subscriptions, marks, events, logger },
    request.rawBody,
    request.headers['stripe-signature'],
  );
  return { received: true as const };
});
