import type { EventDetail } from '@wayfarer/shared/events';
import { isAnonymousSubject } from '../../domain/usage-subject';
import type { AnalyticsStore } from '../../ports/analytics';
import type { Usage } from '../../ports/usage';

/**
 * The second step of recording usage (the first is the speech relay closing a session's lease, which publishes
 * `usage.recorded`): counts a session's seconds against the subject's day once per lease, however often the bus
 * repeats the delivery and whatever event id a retried publish gave it.
 */
export async function addUsageToDayCounter(
  ports: { readonly usage: Usage },
  detail: EventDetail<'usageRecorded'>,
): Promise<'added' | 'duplicate'> {
  return ports.usage.addSecondsOnce({
    onceKey: `lease-${detail.leaseId}`,
    subject: detail.subject,
    day: detail.day,
    seconds: detail.seconds,
  });
}

/**
 * The analytics side of `usage.recorded`: an anonymous subject's activity moves its "last active day", which
 * the dashboard's anonymous usage figures add up (docs/SPEC.md §3). Signed-in users are not anonymous usage.
 */
export async function projectAnonymousActivity(
  ports: { readonly analytics: AnalyticsStore },
  detail: EventDetail<'usageRecorded'>,
): Promise<'moved' | 'unchanged' | 'not_anonymous'> {
  if (!isAnonymousSubject(detail.subject)) return 'not_anonymous';
  return ports.analytics.recordAnonymousActivity(detail.subject, detail.day);
}

/** `page.viewed` into the day's aggregates, once per event id (docs/DESIGN.md §5). */
export async function projectPageView(
  ports: { readonly analytics: AnalyticsStore },
  eventId: string,
  detail: EventDetail<'pageViewed'>,
): Promise<'added' | 'duplicate'> {
  return ports.analytics.recordPageViewOnce({
    eventId,
    day: detail.viewedAt.slice(0, 10),
    page: detail.page,
    userKind: detail.userKind,
    truncatedIp: detail.truncatedIp,
    country: detail.country ?? 'unknown',
    visitorHash: detail.visitorHash,
    ...(detail.visitorSketch ? { visitorSketch: detail.visitorSketch } : {}),
    viewedAt: detail.viewedAt,
  });
}
