import { DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { DailyLimitReachedError } from '../http/errors';
import type { Clock } from '../ports/platform';
import type { DailyCounter } from '../ports/usage';
import type { Users } from '../ports/users';
import { usageDay } from './allowance';
import { usageSubject, type UsageCaller } from './usage-subject';

// The daily ceilings of the paid text and photo calls (DAILY_CEILINGS, docs/DESIGN.md §9): charged on the server,
// in the table, before the provider is called, whatever the gateway's limits say.

export interface TextCeilingPorts {
  /** The ceiling's own counter: translation's, speech synthesis' or analysis'. */
  readonly counter: DailyCounter;
  /** Tells a subscriber from a free account, read only once a signed-in caller is past the free ceiling. */
  readonly users: Pick<Users, 'getProfile'>;
  readonly clock: Clock;
  /** Keys an anonymous caller's subject (their viewer group's hash), as for the speech allowance. */
  readonly ipHashSecret: string | undefined;
}

/**
 * Charges `characters` to the caller's day of translation, speech synthesis or analysis, or throws 429 with the
 * ceiling's key (`error_daily_text_limit`, analysis' `error_daily_analysis_limit`) when that would pass the caller's
 * ceiling. An anonymous caller counts by viewer group, a signed-in one by account.
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
  const within = (limit: number) => ports.counter.chargeWithin({ subject, day, amount: characters, limit });
  if (caller.kind === 'anonymous') {
    if (await within(limits.anonymous)) return;
  } else {
    // The free ceiling first: a traveller under it costs one write and no profile read on the voice path; past
    // it only a subscriber goes on, to the subscriber's (a larger ceiling on the same count).
    if (await within(limits.user)) return;
    const profile = await ports.users.getProfile(caller.sub);
    if (profile?.subscriptionStatus === 'ACTIVE' && (await within(limits.subscriber))) return;
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
