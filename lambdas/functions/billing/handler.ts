import { getConfig } from '../../config';
import { createAttemptLimiter } from '../../domain/attempt-limits';
import { httpRoute } from '../../http/route';
import { logger } from '../../logger';
import {
  getAttemptCounters,
  getBilling,
  getEvents,
  getIdempotencyMarks,
  getSubscriptions,
  perContainer,
  systemClock,
} from '../../providers';
import {
  currentSubscription,
  openPortal,
  receiveWebhook,
  startCheckout,
  type SessionPorts,
  type WebhookPorts,
} from './service';

// Built on the first call of a container and kept, so warm calls reuse the clients and their connections.
const sessionPorts = perContainer(async (): Promise<SessionPorts> => {
  const [config, billing, subscriptions, attempts] = await Promise.all([
    getConfig(),
    getBilling(),
    getSubscriptions(),
    getAttemptCounters(),
  ]);
  const limit = createAttemptLimiter({ attempts, clock: systemClock, counterSecret: config.IP_HASH_SECRET });
  return { billing, subscriptions, limit };
});

const webhookPorts = perContainer(async (): Promise<WebhookPorts> => {
  const [billing, subscriptions, marks, events] = await Promise.all([
    getBilling(),
    getSubscriptions(),
    getIdempotencyMarks(),
    getEvents(),
  ]);
  return { billing, subscriptions, marks, events, logger };
});

export const createCheckoutSession = httpRoute('billing.createCheckoutSession', async (request) =>
  startCheckout(await sessionPorts(), request.auth.sub, { ip: request.sourceIp }),
);
export const subscription = httpRoute('billing.subscription', async (request) =>
  currentSubscription({ subscriptions: await getSubscriptions() }, request.auth.sub),
);
export const customerPortal = httpRoute('billing.customerPortal', async (request) =>
  openPortal(await sessionPorts(), request.auth.sub, { ip: request.sourceIp }),
);
export const webhook = httpRoute('billing.webhook', async (request) => {
  await receiveWebhook(await webhookPorts(), request.rawBody, request.headers['stripe-signature']);
  return { received: true as const };
});
