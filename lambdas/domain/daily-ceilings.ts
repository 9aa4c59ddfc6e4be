import { DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { DailyLimitReachedError } from '../http/errors';
import type { Clock } from '../ports/platform';
import type { DailyCounter } from '../ports/usage';
import type { Users } from '../ports/users';
import { usageDay } from './allowance';
import { usageSubject, viewerGroupAccountsSubject, type UsageCaller } from './usage-subject';

// The daily ceilings of the paid text and photo calls (DAILY_CEILINGS, docs/DESIGN.md §9): charged on the server,
// in the table, before the provider is called, whatever the gateway's limits say.

export interface TextCeilingPorts {
  /** The ceiling's own counter: translation's, speech synthesis' or analysis'. */
  readonly counter: DailyCounter;
  /** Tells a subscriber from a free account, read only once a signed-in caller is past the free ceiling. */
  readonly users: Pick<Users, 'getProfile'>;
  readonly clock: Clock;
  /** Keys an anonymous caller's subject and a viewer group's pool of free accounts (the group's hash). */
  readonly ipHashSecret: string | undefined;
}

/**
 * Charges `characters` to the caller's day of translation, speech synthesis or analysis, or throws 429 with the
 * ceiling's key (`error_daily_text_limit`, analysis' `error_daily_analysis_limit`) when that would pass the caller's
 * ceiling. An anonymous caller counts by viewer group, a signed-in one by account and, unless a subscriber, also by
 * the pool of free accounts calling from its viewer group.
 */
export async function chargeTextCeiling(
  ports: TextCeilingPorts,
  ceiling: 'translateCharacters' | 'speechCharacters' | 'analysisCharacters',
  caller: UsageCaller,
  characters: number,
): Promise<void> {
  const limits = DAILY_CEILINGS[ceiling];
  const subject = usageSubject(caller, ports.ipHashSecret);
  const day = usageDay(ports.clock.now());
  const chargeWithin = (subject: string, limit: number) =>
    ports.counter.chargeWithin({ subject, day, amount: characters, limit });
  const within = (limit: number) => chargeWithin(subject, limit);
  const subscribed = async (sub: string) =>
    (await ports.users.getProfile(sub))?.subscriptionStatus === 'ACTIVE';
  if (caller.kind === 'anonymous') {
    if (await within(limits.anonymous)) return;
  } else if (await within(limits.user)) {
    // Under the free ceiling the call also charges the pool the free accounts of the caller's viewer group share
    // (accountsOfViewerGroup), so that new accounts from one network do not each bring a whole day. A traveller
    // under both costs two writes and no profile read on the voice path; a subscriber under the free ceiling
    // charges the pool too, since only a refusal pays for the profile read, and is let through when it refuses.
    // A refusal here leaves the call counted on the account's day (one call over-counted, never under-counted).
    const pool = viewerGroupAccountsSubject(caller.sourceIp, ports.ipHashSecret);
    if (await chargeWithin(pool, limits.accountsOfViewerGroup)) return;
    if (await subscribed(caller.sub)) return;
  } else if (await subscribed(caller.sub)) {
    // Past the free ceiling only a subscriber goes on, to the subscriber's (a larger ceiling on the same count),
    // and not held by the pool.
    if (await within(limits.subscriber)) return;
  }
  throw new DailyLimitReachedError(
    ceiling === 'analysisCharacters' ? DAILY_LIMIT_KEYS.analysis : DAILY_LIMIT_KEYS.text,
  );
}

/** Charges one photo to a subscriber's day, or throws 429 `error_daily_photo_limit` past DAILY_CEILINGS.photos. */
export async function chargePhoto(
  ports: { readonly counter: DailyCounter; readonly clock: Clock },
  sub: string,
): Promise<void> {
  const charged = await ports.counter.chargeWithin({
    subject: sub,
    day: usageDay(ports.clock.now()),
    amount: 1,
    limit: DAILY_CEILINGS.photos.subscriber,
  });
  if (!charged) throw new DailyLimitReachedError(DAILY_LIMIT_KEYS.photos);
}
