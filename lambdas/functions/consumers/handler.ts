import { eventConsumer } from '../../events/event-consumer';
import { getUsage } from '../../providers';
import { addUsageToDayCounter } from './service';

export const usageRecorded = eventConsumer('usageRecorded', async ({ eventId, detail }) =>
  addUsageToDayCounter({ usage: await getUsage() }, eventId, detail),
);

// The page-view projections (per-page, country, funnel, unique visitors, recent list) belong to the analytics
// issue; until it lands the consumer only proves the wiring: the detail is checked and the event id logged.
export const pageViewed = eventConsumer('pageViewed', async () => 'not_projected');

// Updating the user's profile and the funnel from a subscription change belongs to the billing issue; until
// then the event is checked and its id logged, nothing more.
export const subscriptionChanged = eventConsumer('subscriptionChanged', async () => 'not_projected');
