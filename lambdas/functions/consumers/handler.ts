import { eventConsumer } from '../../events/event-consumer';
import { logger } from '../../logger';
import { getAnalytics, getUsage } from '../../providers';
import { addUsageToDayCounter, projectAnonymousActivity, projectPageView } from './service';

// Both steps are idempotent on their own, so a retry after either fails repeats nothing.
export const usageRecorded = eventConsumer('usageRecorded', async ({ eventId, detail }) => {
  const [usage, analytics] = await Promise.all([getUsage(), getAnalytics()]);
  const counted = await addUsageToDayCounter({ usage }, detail);
  // Once per session, when it is first counted: the dashboard's daily speech seconds (a log metric filter).
  if (counted === 'added') logger.info('speech counted', { eventId, speechSeconds: detail.seconds });
  const activity = await projectAnonymousActivity({ analytics }, detail);
  return `${counted}; analytics ${activity}`;
});

export const pageViewed = eventConsumer('pageViewed', async ({ eventId, detail }) =>
  projectPageView({ analytics: await getAnalytics() }, eventId, detail),
);

// Updating the user's profile and the funnel from a subscription change belongs to the billing issue; until
// then the event is checked and its id logged, nothing more.
export const subscriptionChanged = eventConsumer('subscriptionChanged', async () => 'not_projected');
