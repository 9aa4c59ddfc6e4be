import { EVENT_MARK_TTL_SECONDS } from '../../domain/event-marks';
import type { Usage } from '../../ports/usage';
import {
  eventSeenKey,
  expiresAtAfter,
  epochSeconds,
  isTransactionConditionFailure,
  usageDayKey,
  type Table,
} from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** Usage counters in the table: `USAGE#<subject>#<day>` / `DAY`, marked per delivery with `EVENT#<id>`. */
export function createUsageStore(table: Table): Usage {
  return {
    async addSecondsOnce({ onceKey, subject, day, seconds }) {
      const now = new Date();
      try {
        // One transaction: the mark and the addition happen together or not at all, so a retry after a
        // partial failure can neither double-count nor lose the seconds.
        await table.transactWrite([
          {
            Put: {
              TableName: table.name,
              Item: { ...eventSeenKey(onceKey), [TTL]: expiresAtAfter(EVENT_MARK_TTL_SECONDS, now) },
              ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
              ExpressionAttributeNames: { '#ttl': TTL },
              ExpressionAttributeValues: { ':now': epochSeconds(now) },
            },
          },
          {
            Update: {
              TableName: table.name,
              Key: usageDayKey(subject, day),
              UpdateExpression:
                'ADD #seconds :seconds SET #subject = :subject, #day = :day, #updatedAt = :updatedAt',
              ExpressionAttributeNames: {
                '#seconds': 'seconds',
                '#subject': 'subject',
                '#day': 'day',
                '#updatedAt': 'updatedAt',
              },
              ExpressionAttributeValues: {
                ':seconds': seconds,
                ':subject': subject,
                ':day': day,
                ':updatedAt': now.toISOString(),
              },
            },
          },
        ]);
        return 'added';
      } catch (error) {
        if (isTransactionConditionFailure(error)) return 'duplicate';
        throw error;
      }
    },
    async secondsUsed(subject, day) {
      const item = await table.get(usageDayKey(subject, day), { consistent: true });
      const seconds = item?.['seconds'];
      return typeof seconds === 'number' ? seconds : 0;
    },
  };
}
