import type { EventDetail } from '@wayfarer/shared/events';
import type { Usage } from '../../ports';

/**
 * The second step of recording usage (the first is the usage area's closeSessionLease, which publishes
 * `usage.recorded`): counts a session's seconds against the subject's day, once per delivery however often
 * the bus repeats it.
 */
export async function addUsageToDayCounter(
  ports: { readonly usage: Usage },
  eventId: string,
  detail: EventDetail<'usageRecorded'>,
): Promise<'added' | 'duplicate'> {
  return ports.usage.addSecondsOnce({
    eventId,
    subject: detail.subject,
    day: detail.day,
    seconds: detail.seconds,
  });
}
