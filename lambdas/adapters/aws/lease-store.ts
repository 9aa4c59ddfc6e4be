import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Leases, SpeechLease } from '../../ports';
import {
  expiresAtAfter,
  isConditionalCheckFailure,
  isLive,
  LEASE_SK_PREFIX,
  leaseKey,
  usageDayKey,
  type Table,
} from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** A lease stays readable for the rest of its day and the next (a session may cross midnight). */
const LEASE_RETENTION_SECONDS = 2 * 24 * 60 * 60;

/** Speech-key leases in the table, beside the day's counter: `USAGE#<subject>#<day>` / `LEASE#<keyId>`. */
export function createLeaseStore(table: Table): Leases {
  return {
    async ledger(subject, day) {
      const pk = usageDayKey(subject, day).pk;
      const items: Record<string, unknown>[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        // Consistent: the key issued a moment ago must already count against this call.
        const page = await table.client.send(
          new QueryCommand({
            TableName: table.name,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': pk },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);

      let countedSeconds = 0;
      const leases: SpeechLease[] = [];
      for (const item of items) {
        if (item['sk'] === usageDayKey(subject, day).sk) {
          countedSeconds = numberOr(item['seconds'], 0);
        } else if (typeof item['sk'] === 'string' && item['sk'].startsWith(LEASE_SK_PREFIX) && isLive(item)) {
          leases.push(toLease(item, subject, day));
        }
      }
      return { countedSeconds, leases };
    },

    async open(lease) {
      await table.put({
        ...leaseKey(lease.subject, lease.day, lease.id),
        leaseId: lease.id,
        subject: lease.subject,
        day: lease.day,
        issuedAt: lease.issuedAt.toISOString(),
        ttlSeconds: lease.ttlSeconds,
        [TTL]: expiresAtAfter(LEASE_RETENTION_SECONDS, lease.issuedAt),
      });
    },

    async close(lease, closed) {
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: leaseKey(lease.subject, lease.day, lease.id),
            UpdateExpression: 'SET #closedAt = :closedAt, #chargedSeconds = :seconds',
            // Only an existing lease that is still open: a second close must change nothing.
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#closedAt)',
            ExpressionAttributeNames: { '#closedAt': 'closedAt', '#chargedSeconds': 'chargedSeconds' },
            ExpressionAttributeValues: { ':closedAt': closed.at.toISOString(), ':seconds': closed.seconds },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function toLease(item: Record<string, unknown>, subject: string, day: string): SpeechLease {
  const sk = item['sk'] as string;
  const issuedAt = new Date(String(item['issuedAt']));
  const base = {
    id: typeof item['leaseId'] === 'string' ? item['leaseId'] : sk.slice(LEASE_SK_PREFIX.length),
    subject,
    day,
    // A lease whose issue time cannot be read is charged in full: never in the caller's favour.
    issuedAt: Number.isNaN(issuedAt.getTime()) ? new Date(0) : issuedAt,
    ttlSeconds: numberOr(item['ttlSeconds'], 0),
  };
  if (typeof item['closedAt'] !== 'string') return base;
  return {
    ...base,
    closed: { at: new Date(item['closedAt']), seconds: numberOr(item['chargedSeconds'], base.ttlSeconds) },
  };
}
