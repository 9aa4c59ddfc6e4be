/*
 * The single table: every key shape, in one list (docs/DESIGN.md §4). Keys are built only by the functions below.
 * Pure and free of the SDK, so the signed readers (signed-get-item.ts) and table.ts import it alike.
 *
 *   pk                              sk                  holds
 *   USER#<sub>                      PROFILE             email, subscriptionStatus, stripeCustomerId,
 *                                                       cancelAtPeriodEnd, currentPeriodEnd,
 *                                                       subscriptionChangedAt and subscriptionEventId (the
 *                                                       Stripe event of the state kept: an older event never
 *                                                       overwrites it); in gsi1 as
 *                                                       EMAIL#<email> / PROFILE#<created iso time>, so the
 *                                                       reset mail finds an account by its address
 *   CUSTOMER#<stripeCustomerId>     USER                sub (reverse lookup for Stripe webhooks)
 *   USAGE#<subject>#<yyyy-mm-dd>    DAY                 seconds (subject: a user's sub or a keyed hash of an IP)
 *   USAGE#<subject>#<yyyy-mm-dd>    LEASE#<sessionId>   a relayed speech session's lease: subject, day, issuedAt,
 *                                                       ttlSeconds (the allowance left when it opened),
 *                                                       observedSeconds (audio the relay forwarded so far),
 *                                                       closedAt + chargedSeconds once closed; expiresAt. Kept
 *                                                       beside the DAY counter so one consistent Query reads a
 *                                                       subject's whole day (the allowance)
 *   USAGE#<subject>#<yyyy-mm-dd>    TICKETSLOT#<n>      one of the places a ticket being issued holds for its
 *                                                       life (SPEECH_TICKET_LIMITS); expiresAt
 *   TICKET#<ticketHash>             TICKET              a single-use speech relay ticket (the SHA-256 of the
 *                                                       ticket, never the ticket): subject, role, viewer (a keyed
 *                                                       hash of the viewer's group); expiresAt
 *   SPEECH#<subject>                SOCKET              the caller's one open relay socket: sessionId; expiresAt
 *   EVENT#<id>                      SEEN                idempotency mark of a bus or webhook delivery; expiresAt
 *   STATS#<yyyy-mm-dd>              PAGE#<page>         views of a tracked page that day (the funnel's steps
 *                                                       are pages: /, /subscribe, /subscribe-success)
 *   STATS#<yyyy-mm-dd>              COUNTRY#<cc>        views from a country that day ('unknown' without one)
 *   STATS#<yyyy-mm-dd>              VISITORS            unique visitors that day (count)
 *   STATS#<yyyy-mm-dd>              ANONYMOUS-LAST      anonymous usage subjects whose latest activity is that
 *                                                       day (count); one Query per day reads all of a day's
 *                                                       figures, so a 90-day read is 90 Queries + 1
 *   STATS#<yyyy-mm-dd>              SKETCH              the day's distinct-visitor sketch: r<register> = rank
 *                                                       (HyperLogLog, 1024 registers; merged over a window it
 *                                                       counts each visitor once: shared/domain/visitor-sketch.ts)
 *   VISITORS#<yyyy-mm-dd>           <visitorHash>       one item per unique visitor that day (a hash keyed
 *                                                       with the day, never the IP); expiresAt
 *   ANONYMOUS#<subject>             LAST                lastDay: the subject's latest day of usage; expiresAt
 *   RECENT                          <iso time>#<id>     recent page views (page, user kind, truncated IP; read
 *                                                       newest first, capped); expiresAt
 *   RATES                           LATEST              exchange rates against USD, with their date
 *   RESET#<tokenHash>               TOKEN               sub of a single-use password-reset token; expiresAt. In
 *                                                       gsi1 as MAILED#<sub> / <pk>, so deleting the account
 *                                                       finds its unused links
 *   VERIFY#<tokenHash>              TOKEN               sub of a single-use e-mail verification token; expiresAt;
 *                                                       in gsi1 as the reset token is
 *   SESSION#<accessTokenId>         REFRESH             sub, the Cognito refresh token sealed with a key
 *                                                       derived from the access token; expiresAt. In gsi1
 *                                                       as SESSIONS#<sub> / <accessTokenId>, so a password
 *                                                       reset can end every session of the account
 *   ATTEMPTS#<counter>#<window>     COUNT               attempts in one fixed window (login, register and
 *                                                       password-reset limits); expiresAt
 *   TRANSLATED#<subject>#<day>      COUNT               characters sent to translation that day (DAILY_CEILINGS;
 *                                                       subject as for USAGE#); expiresAt
 *   SPOKEN#<subject>#<day>          COUNT               characters sent to speech synthesis that day; expiresAt
 *   PHOTOS#<subject>#<day>          COUNT               photos sent to photo translation that day; expiresAt
 *   ANALYSED#<subject>#<day>        COUNT               characters sent to analysis that day (each call); expiresAt
 *
 * `expiresAt` (epoch seconds) is the TTL attribute. DynamoDB deletes expired items late, and DynamoDB Local
 * never does: every read here drops items whose `expiresAt` has passed.
 */

/**
 * Every partition of the table, by the prefix its partition key starts with ('#'-ended) or the whole key (RECENT,
 * RATES): each IAM grant names the ones its area's code builds keys in (infra/aws/area-access.ts, docs/DESIGN.md
 * §9). infra/aws/table-partitions.test.ts maps every builder below to exactly one of these, so a new key shape
 * does not pass until it is listed here.
 */
export const TABLE_PARTITIONS = [
  'USER#',
  'CUSTOMER#',
  'USAGE#',
  'EVENT#',
  'STATS#',
  'VISITORS#',
  'ANONYMOUS#',
  'RECENT',
  'RATES',
  'RESET#',
  'VERIFY#',
  'SESSION#',
  'ATTEMPTS#',
  'TICKET#',
  'SPEECH#',
  'TRANSLATED#',
  'SPOKEN#',
  'PHOTOS#',
  'ANALYSED#',
] as const;
export type TablePartition = (typeof TABLE_PARTITIONS)[number];

/** gsi1's partitions, the same way: what a Query on the index names as gsi1pk. */
export const INDEX_PARTITIONS = ['EMAIL#', 'SESSIONS#', 'MAILED#'] as const;
export type IndexPartition = (typeof INDEX_PARTITIONS)[number];

export interface TableKey {
  readonly pk: string;
  readonly sk: string;
}

export type TableItem = TableKey & Record<string, unknown>;

export type StatsKind = 'PAGE' | 'COUNTRY';
export type StatsCounter = 'VISITORS' | 'ANONYMOUS-LAST' | 'SKETCH';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
function dayPart(day: string): string {
  if (!isoDay.test(day)) throw new Error('Invalid day for a table key: expected yyyy-mm-dd');
  return day;
}

// A blank or '#'-bearing part would silently collide with another key shape.
export function part(name: string, value: string): string {
  if (value.length === 0 || value.includes('#')) {
    throw new Error(`Invalid ${name} for a table key: must be non-empty and free of '#'`);
  }
  return value;
}

export const userProfileKey = (sub: string): TableKey => ({ pk: `USER#${part('sub', sub)}`, sk: 'PROFILE' });

/** The profiles' gsi1 partition of an address. It is the key's last part, so a '#' in it collides with nothing. */
export const profileEmailPartition = (email: string): string => {
  if (email.length === 0) throw new Error('Invalid email for a table key: must be non-empty');
  return `EMAIL#${email}`;
};

/** The profile's gsi1 key: an address may outlive a deleted account, so the newest profile sorts last. */
export const profileEmailIndexKey = (email: string, createdAt: Date) => ({
  gsi1pk: profileEmailPartition(email),
  gsi1sk: `PROFILE#${createdAt.toISOString()}`,
});

export const customerKey = (stripeCustomerId: string): TableKey => ({
  pk: `CUSTOMER#${part('stripeCustomerId', stripeCustomerId)}`,
  sk: 'USER',
});

export const usageDayKey = (subject: string, day: string): TableKey => ({
  pk: `USAGE#${part('subject', subject)}#${dayPart(day)}`,
  sk: 'DAY',
});

export const LEASE_SK_PREFIX = 'LEASE#';

export const leaseKey = (subject: string, day: string, sessionId: string): TableKey => ({
  pk: usageDayKey(subject, day).pk,
  sk: `${LEASE_SK_PREFIX}${part('sessionId', sessionId)}`,
});

/** One of the few tickets a subject may hold unused at once (SPEECH_TICKET_LIMITS), held until its TTL. */
export const ticketSlotKey = (subject: string, day: string, slot: number): TableKey => ({
  pk: usageDayKey(subject, day).pk,
  sk: `TICKETSLOT#${slot}`,
});

/** A speech relay ticket, by the SHA-256 (hex) of the ticket itself. */
export const speechTicketKey = (ticketHash: string): TableKey => ({
  pk: `TICKET#${part('ticketHash', ticketHash)}`,
  sk: 'TICKET',
});

/** The one relay socket a subject may have open (docs/DESIGN.md §9): the newest socket's session holds it. */
export const speechSocketKey = (subject: string): TableKey => ({
  pk: `SPEECH#${part('subject', subject)}`,
  sk: 'SOCKET',
});

export const eventSeenKey = (eventId: string): TableKey => ({
  pk: `EVENT#${part('eventId', eventId)}`,
  sk: 'SEEN',
});

// Page paths contain '/' and may contain '#'-free query strings; only '#' is reserved as the separator.
export const statsKey = (day: string, kind: StatsKind, name: string): TableKey => ({
  pk: statsPartition(day),
  sk: `${kind}#${part('stats name', name)}`,
});

export const statsPartition = (day: string): string => `STATS#${dayPart(day)}`;

export const statsCounterKey = (day: string, counter: StatsCounter): TableKey => ({
  pk: statsPartition(day),
  sk: counter,
});

export const anonymousLastKey = (subject: string): TableKey => ({
  pk: `ANONYMOUS#${part('subject', subject)}`,
  sk: 'LAST',
});

export const visitorKey = (day: string, visitorHash: string): TableKey => ({
  pk: `VISITORS#${dayPart(day)}`,
  sk: part('visitorHash', visitorHash),
});

export const RECENT_PARTITION = 'RECENT';

export const recentViewKey = (viewedAt: string, id: string): TableKey => ({
  pk: RECENT_PARTITION,
  sk: `${part('viewedAt', viewedAt)}#${part('id', id)}`,
});

export const ratesKey = (): TableKey => ({ pk: 'RATES', sk: 'LATEST' });

export const resetTokenKey = (tokenHash: string): TableKey => ({
  pk: `RESET#${part('tokenHash', tokenHash)}`,
  sk: 'TOKEN',
});

export const verifyTokenKey = (tokenHash: string): TableKey => ({
  pk: `VERIFY#${part('tokenHash', tokenHash)}`,
  sk: 'TOKEN',
});

/** A mailed token's gsi1 key: the unused links of one account share a partition (account deletion). */
export const accountMailedTokensIndexKey = (sub: string, key: TableKey) => ({
  gsi1pk: accountMailedTokensPartition(sub),
  gsi1sk: key.pk,
});

export const accountMailedTokensPartition = (sub: string): string => `MAILED#${part('sub', sub)}`;

export const refreshSessionKey = (accessTokenId: string): TableKey => ({
  pk: `SESSION#${part('accessTokenId', accessTokenId)}`,
  sk: 'REFRESH',
});

/** A refresh session's gsi1 key: all sessions of one account share a partition. */
export const accountSessionsIndexKey = (sub: string, accessTokenId: string) => ({
  gsi1pk: accountSessionsPartition(sub),
  gsi1sk: part('accessTokenId', accessTokenId),
});

export const accountSessionsPartition = (sub: string): string => `SESSIONS#${part('sub', sub)}`;

/** `window` is the window's start in epoch seconds, so each window is its own item with its own expiry. */
export const attemptsKey = (counter: string, windowStart: number): TableKey => ({
  pk: `ATTEMPTS#${part('counter', counter)}#${windowStart}`,
  sk: 'COUNT',
});

/*
 * One counter per daily ceiling (DAILY_CEILINGS in shared/constants.ts), each in a partition of its own, so each
 * area's grant names only the counter it charges: translate cannot touch speech's, nor vision either.
 */
const dailyCountKey = (partition: string, subject: string, day: string): TableKey => ({
  pk: `${partition}${part('subject', subject)}#${dayPart(day)}`,
  sk: 'COUNT',
});

export const translatedCharactersKey = (subject: string, day: string): TableKey =>
  dailyCountKey('TRANSLATED#', subject, day);

export const spokenCharactersKey = (subject: string, day: string): TableKey =>
  dailyCountKey('SPOKEN#', subject, day);

export const photosKey = (subject: string, day: string): TableKey => dailyCountKey('PHOTOS#', subject, day);

export const analysedCharactersKey = (subject: string, day: string): TableKey =>
  dailyCountKey('ANALYSED#', subject, day);
