import type { DailyCounter } from '../../ports/usage';
import { createSignedRequest, type SignedTableOptions } from './signed-get-item';
import { tableDefinition } from './table-definition';
import type { TableKey } from './table-keys';

const CONDITION_FAILED = /ConditionalCheckFailedException$/;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * A daily ceiling's counter (`<partition><subject>#<day>` / `COUNT`, table-keys.ts), charged with one signed,
 * conditional UpdateItem (signed-get-item.ts: the functions that charge one carry the openai client, which leaves no
 * room for the DynamoDB client). The item lives a day past its own, then its TTL removes it.
 */
export function createSignedDailyCounter(
  options: SignedTableOptions,
  keyOf: (subject: string, day: string) => TableKey,
): DailyCounter {
  const request = createSignedRequest(options);
  return {
    async chargeWithin({ subject, day, amount, limit }) {
      // A charge larger than the whole ceiling never fits, not even on a fresh day's missing item.
      if (amount > limit) return false;
      const key = keyOf(subject, day);
      const expiresAt = Date.parse(`${day}T00:00:00Z`) / 1000 + 2 * DAY_SECONDS;
      const answer = await request('UpdateItem', {
        TableName: options.tableName,
        Key: { pk: { S: key.pk }, sk: { S: key.sk } },
        UpdateExpression: 'ADD #count :amount SET #ttl = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count <= :most',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': tableDefinition.timeToLiveAttribute },
        ExpressionAttributeValues: {
          ':amount': { N: String(amount) },
          ':expiresAt': { N: String(expiresAt) },
          ':most': { N: String(limit - amount) },
        },
      });
      if (answer.ok) return true;
      if (answer.status === 400 && CONDITION_FAILED.test(String(answer.body['__type']))) return false;
      throw new Error(`DynamoDB UpdateItem answered ${answer.status}`);
    },
  };
}
