import { usageDay } from '../../domain/allowance';
import type { AccountRecords, DayUsage } from '../../ports/account';
import {
  accountMailedTokensPartition,
  accountSessionsPartition,
  analysedCharactersKey,
  customerKey,
  photosKey,
  refreshSessionKey,
  resetTokenKey,
  speechSocketKey,
  spokenCharactersKey,
  translatedCharactersKey,
  usageDayKey,
  userProfileKey,
  verifyTokenKey,
  type Table,
  type TableItem,
  type TableKey,
} from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Reads and deletes in flight at once: a years-old account has a day partition per day since it was made. */
const PARALLEL = 25;

/** The profile's creation time, from its gsi1 sort key (`PROFILE#<iso time>`); now when it carries none. */
function createdAt(profile: TableItem | undefined, now: Date): Date {
  const stamp =
    typeof profile?.gsi1sk === 'string' ? Date.parse(profile.gsi1sk.replace(/^PROFILE#/, '')) : NaN;
  return Number.isNaN(stamp) ? now : new Date(Math.min(stamp, now.getTime()));
}

/** Every UTC day from the account's first to today, newest first. */
function daysOf(first: Date, now: Date): string[] {
  const days: string[] = [];
  for (let at = now.getTime(); at >= first.getTime() - DAY_MS; at -= DAY_MS)
    days.push(usageDay(new Date(at)));
  return [...new Set(days)];
}

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PARALLEL) {
    results.push(...(await Promise.all(items.slice(start, start + PARALLEL).map(run))));
  }
  return results;
}

const numberOf = (item: TableItem | undefined, attribute: string): number =>
  typeof item?.[attribute] === 'number' ? item[attribute] : 0;

/** A mailed token's key from its gsi1 sort key, which is the token's own partition key (`RESET#<hash>`). */
function mailedTokenKeyOf(item: TableItem): TableKey {
  const [purpose, hash = ''] = String(item.gsi1sk).split('#');
  return purpose === 'RESET' ? resetTokenKey(hash) : verifyTokenKey(hash);
}

const dailyCounterKeys = (sub: string, day: string): TableKey[] => [
  translatedCharactersKey(sub, day),
  spokenCharactersKey(sub, day),
  analysedCharactersKey(sub, day),
  photosKey(sub, day),
];

/** The account's items in the table: found by its sub, its days since it was made, and the gsi1 partitions. */
export function createAccountRecords(table: Table): AccountRecords {
  const accountDays = async (sub: string, now: Date) =>
    daysOf(createdAt(await table.get(userProfileKey(sub), { consistent: true }), now), now);

  return {
    async usageByDay(sub, now) {
      const usage = await inBatches(await accountDays(sub, now), async (day): Promise<DayUsage> => {
        const [speech, translated, spoken, analysed, photos] = await Promise.all([
          table.get(usageDayKey(sub, day), { consistent: true, now }),
          ...dailyCounterKeys(sub, day).map((key) => table.get(key, { consistent: true, now })),
        ]);
        return {
          day,
          speechSeconds: numberOf(speech, 'seconds'),
          translatedCharacters: numberOf(translated, 'count'),
          spokenCharacters: numberOf(spoken, 'count'),
          analysedCharacters: numberOf(analysed, 'count'),
          photos: numberOf(photos, 'count'),
        };
      });
      return usage.filter(
        (day) =>
          day.speechSeconds +
            day.translatedCharacters +
            day.spokenCharacters +
            day.analysedCharacters +
            day.photos >
          0,
      );
    },

    async openSessions(sub, now) {
      const sessions = await table.query(accountSessionsPartition(sub), { index: 'gsi1', now });
      return sessions.map((item) => ({ endsAt: numberOf(item, TTL) }));
    },

    async eraseAll(sub, now) {
      const profile = await table.get(userProfileKey(sub), { consistent: true });
      const days = daysOf(createdAt(profile, now), now);
      // Expired items too (read as of the epoch): DynamoDB removes them late, and until then they carry the sub.
      const evenExpired = { now: new Date(0) };
      await inBatches(days, async (day) => {
        const dayItems = await table.query(usageDayKey(sub, day).pk, { consistent: true, ...evenExpired });
        await Promise.all([
          ...dayItems.map((item) => table.delete({ pk: item.pk, sk: item.sk })),
          ...dailyCounterKeys(sub, day).map((key) => table.delete(key)),
        ]);
      });
      // Each key rebuilt by its own builder from what the index holds, so the grant names exactly these partitions.
      const sessions = await table.query(accountSessionsPartition(sub), { index: 'gsi1', ...evenExpired });
      const links = await table.query(accountMailedTokensPartition(sub), { index: 'gsi1', ...evenExpired });
      await inBatches(
        [...sessions.map((item) => refreshSessionKey(String(item.gsi1sk))), ...links.map(mailedTokenKeyOf)],
        (key) => table.delete(key),
      );
      await table.delete(speechSocketKey(sub));
      if (typeof profile?.stripeCustomerId === 'string')
        await table.delete(customerKey(profile.stripeCustomerId));
      await table.delete(userProfileKey(sub));
    },
  };
}
