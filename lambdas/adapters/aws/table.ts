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
import type { ReleasableMarks, StorageHealth } from '../../ports/platform';
import { epochSeconds, isLive } from './profile-item';
import { eventSeenKey, type TableItem, type TableKey } from './table-keys';
import { tableDefinition } from './table-definition';

// Every key shape and its builders live in table-keys.ts (no SDK); the stores import them from here too.
export * from './table-keys';

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
   * Adds one to a number attribute (creating the item) unless it already holds `limit` or more, in one
   * conditional update: false, changing nothing, when it did.
   */
  incrementBelow(key: TableKey, attribute: string, limit: number, options: { expiresAt: number }): Promise<boolean>;
  /**
   * Sets a number attribute of an existing item to `value` unless it already holds as much: false when the item
   * does not exist or already held `value` or more.
   */
  raiseTo(key: TableKey, attribute: string, value: number): Promise<boolean>;
  /**
   * Raises a numeric attribute to `value` when it is missing or lower, creating the item, atomically: a register
   * of a HyperLogLog sketch, where repeats and races settle on the maximum. False when it was already as high.
   */
  raiseRegister(
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
    async incrementBelow(key, attribute, limit, options) {
      const updated = await unlessConditionFails(() =>
        client.send(
          new UpdateCommand({
            TableName: name,
            Key: key,
            UpdateExpression: 'ADD #attribute :one SET #ttl = :expiresAt',
            ConditionExpression: 'attribute_not_exists(#attribute) OR #attribute < :limit',
            ExpressionAttributeNames: { '#attribute': attribute, '#ttl': TTL },
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': options.expiresAt },
          }),
        ),
      );
      return updated !== undefined;
    },
    async raiseTo(key, attribute, value) {
      const updated = await unlessConditionFails(() =>
        client.send(
          new UpdateCommand({
            TableName: name,
            Key: key,
            UpdateExpression: 'SET #attribute = :value',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(#attribute) OR #attribute < :value)',
            ExpressionAttributeNames: { '#attribute': attribute },
            ExpressionAttributeValues: { ':value': value },
          }),
        ),
      );
      return updated !== undefined;
    },
    async raiseRegister(key, attribute, value, options = {}) {
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

/**
 * The SDK's own retry and deadlines for the table: 3 attempts, 0.5 s to connect and 2 s of silence
 * each, so a table that is down or stalled fails a call in under 10 s (below every Lambda's timeout, the health
 * check's 10 s included: infra/aws/provider-deadlines.test.ts) and the error handler answers 503 with Retry-After (lambdas/http/dependency-failure.ts), never a hang.
 */
export const TABLE_CLIENT_SETTINGS = {
  maxAttempts: 3,
  // Without throwOnRequestTimeout the handler only warns when requestTimeout passes, and the call waits on.
  requestHandler: { connectionTimeout: 500, requestTimeout: 2_000, throwOnRequestTimeout: true },
} as const;

/** The document client every table in a container shares; removeUndefinedValues lets optional fields be absent. */
export function createDocumentClient(region: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ region, ...TABLE_CLIENT_SETTINGS }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}
