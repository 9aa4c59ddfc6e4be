import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ReleasableMarks, StorageHealth } from '../../ports';
import { epochSeconds, isLive, part, userProfileKey } from './profile-item';
import { tableDefinition } from './table-definition';

/*
 * The single table: every key shape, in one list (docs/DESIGN.md §4). Keys are built only by the functions below.
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
 *   USAGE#<subject>#<yyyy-mm-dd>    LEASE#<keyId>       a speech key's lease: subject, day, issuedAt, ttlSeconds,
 *                                                       closedAt + chargedSeconds once closed; expiresAt. Kept
 *                                                       beside the DAY counter so one consistent Query reads a
 *                                                       subject's whole day (the allowance) and finds its open lease
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
 *   RESET#<tokenHash>               TOKEN               sub of a single-use password-reset token; expiresAt
 *   SESSION#<accessTokenId>         REFRESH             sub, the Cognito refresh token sealed with a key
 *                                                       derived from the access token; expiresAt. In gsi1
 *                                                       as SESSIONS#<sub> / <accessTokenId>, so a password
 *                                                       reset can end every session of the account
 *   ATTEMPTS#<counter>#<window>     COUNT               attempts in one fixed window (login, register and
 *                                                       password-reset limits); expiresAt
 *
 * `expiresAt` (epoch seconds) is the TTL attribute. DynamoDB deletes expired items late, and DynamoDB Local
 * never does: every read here drops items whose `expiresAt` has passed.
 */

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

export { userProfileKey };

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

export const leaseKey = (subject: string, day: string, keyId: string): TableKey => ({
  pk: usageDayKey(subject, day).pk,
  sk: `${LEASE_SK_PREFIX}${part('keyId', keyId)}`,
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

// Defined beside the RATES item's reader, which must not import this module (see rates-item.ts).
export { ratesKey } from './rates-item';

export const resetTokenKey = (tokenHash: string): TableKey => ({
  pk: `RESET#${part('tokenHash', tokenHash)}`,
  sk: 'TOKEN',
});

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

// --- Expiry -----------------------------------------------------------------------------------------------

const TTL = tableDefinition.timeToLiveAttribute;

export { epochSeconds, isLive };

/** The TTL attribute value for an item that should live `ttlSeconds` from `now`. */
export const expiresAtAfter = (ttlSeconds: number, now: Date = new Date()): number =>
  epochSeconds(now) + ttlSeconds;

export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** True when a transaction was cancelled only because some condition failed (not a conflict or throttle). */
export function isTransactionConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: readonly { Code?: string }[] }).CancellationReasons ?? [];
  const codes = reasons.map((reason) => reason.Code ?? 'None');
  return (
    codes.includes('ConditionalCheckFailed') &&
    codes.every((code) => code === 'ConditionalCheckFailed' || code === 'None')
  );
}

// --- Operations -------------------------------------------------------------------------------------------

/** Runs a conditional write: its output, or undefined when its condition did not hold. */
async function unlessConditionFails<Output>(write: () => Promise<Output>): Promise<Output | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** The table's operations: the stores call these, never the DynamoDB client itself. */
export interface Table {
  readonly name: string;
  /** The item, or undefined when absent or expired. */
  get(key: TableKey, options?: { consistent?: boolean; now?: Date }): Promise<TableItem | undefined>;
  put(item: TableItem): Promise<void>;
  /** Writes the item unless a live item with its key exists; true when written. */
  putIfAbsent(item: TableItem, now?: Date): Promise<boolean>;
  /** Deletes the item, whether or not it exists. */
  delete(key: TableKey): Promise<void>;
  /**
   * Deletes the item if it is still live and returns what it held; undefined when absent or expired. One
   * conditional delete: of two concurrent takes exactly one gets the item.
   */
  takeLive(key: TableKey, now: Date): Promise<TableItem | undefined>;
  /**
   * Live items of one partition (all pages), optionally only those whose sort key starts with a prefix, in
   * sort-key order; `limit` caps the live items returned. With `index: 'gsi1'` the partition and sort keys
   * are gsi1pk and gsi1sk (an index read: eventually consistent); `consistent` asks the table for a strongly
   * consistent read.
   */
  query(
    pk: string,
    options?: {
      index?: 'gsi1';
      skPrefix?: string;
      limit?: number;
      newestFirst?: boolean;
      consistent?: boolean;
      now?: Date;
    },
  ): Promise<TableItem[]>;
  /**
   * Atomically adds to a numeric attribute (creating the item and attribute at 0); returns the new value.
   * `expiresAt` (epoch seconds) sets the item's TTL in the same write.
   */
  increment(
    key: TableKey,
    attribute: string,
    amount: number,
    options?: { expiresAt?: number },
  ): Promise<number>;
  /**
   * Sets the attributes on an existing item that does not yet have `onceAttribute`; false, changing
   * nothing, when the item is missing or already has it. `onceAttribute` must be one of the attributes set.
   */
  setOnce(key: TableKey, values: Record<string, unknown>, onceAttribute: string): Promise<boolean>;
  /**
   * Raises a numeric attribute to `value` when it is missing or lower (creating the item), atomically: a register
   * of a HyperLogLog sketch, where repeats and races settle on the maximum. False when it was already as high.
   */
  raiseTo(
    key: TableKey,
    attribute: string,
    value: number,
    options?: { expiresAt?: number },
  ): Promise<boolean>;
  transactWrite(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void>;
  /** A cheap call that succeeds only when the table exists and answers. */
  describe(): Promise<void>;
}

export function createTable(client: DynamoDBDocumentClient, name: string): Table {
  return {
    name,
    async get(key, options = {}) {
      const { Item } = await client.send(
        new GetCommand({ TableName: name, Key: key, ConsistentRead: options.consistent }),
      );
      if (!Item || !isLive(Item, options.now)) return undefined;
      return Item as TableItem;
    },
    async put(item) {
      await client.send(new PutCommand({ TableName: name, Item: item }));
    },
    async putIfAbsent(item, now = new Date()) {
      const written = await unlessConditionFails(() =>
        client.send(
          new PutCommand({
            TableName: name,
            Item: item,
            // An expired item the TTL sweeper has not removed yet counts as absent.
            ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
            ExpressionAttributeNames: { '#ttl': TTL },
            ExpressionAttributeValues: { ':now': epochSeconds(now) },
          }),
        ),
      );
      return written !== undefined;
    },
    async delete(key) {
      await client.send(new DeleteCommand({ TableName: name, Key: key }));
    },
    async takeLive(key, now) {
      const deleted = await unlessConditionFails(() =>
        client.send(
          new DeleteCommand({
            TableName: name,
            Key: key,
            ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
            ExpressionAttributeNames: { '#ttl': TTL },
            ExpressionAttributeValues: { ':now': epochSeconds(now) },
            ReturnValues: 'ALL_OLD',
          }),
        ),
      );
      return deleted?.Attributes as TableItem | undefined;
    },
    async query(pk, options = {}) {
      const live: TableItem[] = [];
      let startKey: Record<string, unknown> | undefined;
      // Expired items still count against DynamoDB's Limit, so page until enough live ones are found.
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: name,
            IndexName: options.index,
            KeyConditionExpression: options.skPrefix
              ? '#pk = :pk AND begins_with(#sk, :prefix)'
              : '#pk = :pk',
            ExpressionAttributeNames: {
              '#pk': options.index ? 'gsi1pk' : 'pk',
              ...(options.skPrefix ? { '#sk': options.index ? 'gsi1sk' : 'sk' } : {}),
            },
            ExpressionAttributeValues: {
              ':pk': pk,
              ...(options.skPrefix ? { ':prefix': options.skPrefix } : {}),
            },
            ScanIndexForward: !options.newestFirst,
            ConsistentRead: options.consistent,
            ExclusiveStartKey: startKey,
            Limit: options.limit,
          }),
        );
        for (const item of page.Items ?? []) {
          if (isLive(item, options.now)) live.push(item as TableItem);
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey && (options.limit === undefined || live.length < options.limit));
      return options.limit === undefined ? live : live.slice(0, options.limit);
    },
    async increment(key, attribute, amount, options = {}) {
      const expires = options.expiresAt !== undefined;
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: name,
          Key: key,
          UpdateExpression: expires
            ? 'ADD #attribute :amount SET #ttl = :expiresAt'
            : 'ADD #attribute :amount',
          ExpressionAttributeNames: { '#attribute': attribute, ...(expires ? { '#ttl': TTL } : {}) },
          ExpressionAttributeValues: {
            ':amount': amount,
            ...(expires ? { ':expiresAt': options.expiresAt } : {}),
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const value = Attributes?.[attribute];
      return typeof value === 'number' ? value : amount;
    },
    async setOnce(key, values, onceAttribute) {
      const entries = Object.entries(values);
      const names = Object.fromEntries(entries.map(([attribute], index) => [`#a${index}`, attribute]));
      const onceName = Object.keys(names).find((placeholder) => names[placeholder] === onceAttribute);
      if (onceName === undefined) throw new Error(`setOnce: '${onceAttribute}' is not among the values set`);
      const updated = await unlessConditionFails(() =>
        client.send(
          new UpdateCommand({
            TableName: name,
            Key: key,
            UpdateExpression: `SET ${entries.map((_, index) => `#a${index} = :v${index}`).join(', ')}`,
            ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(${onceName})`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: Object.fromEntries(
              entries.map(([, value], index) => [`:v${index}`, value]),
            ),
          }),
        ),
      );
      return updated !== undefined;
    },
    async raiseTo(key, attribute, value, options = {}) {
      const expires = options.expiresAt !== undefined;
      const raised = await unlessConditionFails(() =>
        client.send(
          new UpdateCommand({
            TableName: name,
            Key: key,
            UpdateExpression: expires
              ? 'SET #attribute = :value, #ttl = :expiresAt'
              : 'SET #attribute = :value',
            ConditionExpression: 'attribute_not_exists(#attribute) OR #attribute < :value',
            ExpressionAttributeNames: { '#attribute': attribute, ...(expires ? { '#ttl': TTL } : {}) },
            ExpressionAttributeValues: {
              ':value': value,
              ...(expires ? { ':expiresAt': options.expiresAt } : {}),
            },
          }),
        ),
      );
      return raised !== undefined;
    },
    async transactWrite(items) {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
    },
    async describe() {
      await client.send(new DescribeTableCommand({ TableName: name }));
    },
  };
}

export function createIdempotencyMarks(table: Table): ReleasableMarks {
  return {
    markOnce: (id, ttlSeconds) =>
      table.putIfAbsent({ ...eventSeenKey(id), [TTL]: expiresAtAfter(ttlSeconds) }),
    unmark: (id) => table.delete(eventSeenKey(id)),
  };
}

export function createStorageHealth(table: Table): StorageHealth {
  return { ping: () => table.describe() };
}

/** The document client every table in a container shares; removeUndefinedValues lets optional fields be absent. */
export function createDocumentClient(region: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ region }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}
