import type { EventDetail } from '@wayfarer/shared/events';
import type { Usage } from '../../ports';

/** Counts a session's seconds against the subject's day, once per delivery however often the bus repeats it. */
export async function recordUsage(
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
