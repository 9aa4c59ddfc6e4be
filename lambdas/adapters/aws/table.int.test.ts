import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIdempotencyMarks, createStorageHealth, eventSeenKey, expiresAtAfter, statsKey, usageDayKey, userProfileKey } from './table';
import { getTable } from '../../providers';

const table = await getTable();

// Runs against DynamoDB Local started by the integration project's global setup (TABLE_NAME and
// AWS_ENDPOINT_URL_DYNAMODB come from it). Every test uses fresh ids, so runs never see each other's items.

describe('table adapter over DynamoDB Local', () => {
  it('writes and reads an item by its key', async () => {
    const key = userProfileKey(randomUUID());

    await table.put({ ...key, email: 'traveller@example.com', subscriptionStatus: 'NONE' });

    expect(await table.get(key)).toMatchObject({ ...key, email: 'traveller@example.com' });
    expect(await table.get(userProfileKey(randomUUID()))).toBeUndefined();
  });

  it('hides items whose expiresAt has passed, which DynamoDB Local never deletes', async () => {
    const expired = eventSeenKey(randomUUID());
    const live = eventSeenKey(randomUUID());

    await table.put({ ...expired, expiresAt: expiresAtAfter(-60) });
    await table.put({ ...live, expiresAt: expiresAtAfter(3600) });

    expect(await table.get(expired, { consistent: true })).toBeUndefined();
    expect(await table.get(live, { consistent: true })).toMatchObject(live);
  });

  it('queries a partition by sort-key prefix, leaving out expired items', async () => {
    const day = '2026-11-22';
    const page = `/p-${randomUUID()}`;
    const pageKey = statsKey(day, 'PAGE', page);
    const expiredKey = statsKey(day, 'PAGE', `${page}-old`);
    await table.put({ ...pageKey, views: 3 });
    await table.put({ ...expiredKey, views: 1, expiresAt: expiresAtAfter(-1) });

    const items = await table.query(pageKey.pk, { skPrefix: `PAGE#${page}` });

    expect(items.map((item) => item.sk)).toEqual([pageKey.sk]);
  });

  it('fills a limited query with live items even when expired ones come first', async () => {
    const pk = `VISITORS#2026-11-22-${randomUUID()}`;
    for (const sk of ['a', 'b', 'c']) await table.put({ pk, sk, expiresAt: expiresAtAfter(-1) });
    for (const sk of ['d', 'e', 'f']) await table.put({ pk, sk });

    const items = await table.query(pk, { limit: 2 });

    expect(items.map((item) => item.sk)).toEqual(['d', 'e']);
  });

  it('increments a counter atomically from nothing', async () => {
    const key = usageDayKey(randomUUID(), '2026-11-22');

    await table.increment(key, 'seconds', 30);
    const total = await table.increment(key, 'seconds', 12.5);

    expect(total).toBe(42.5);
  });

  it('writes an item only when absent, treating an expired one as absent', async () => {
    const key = eventSeenKey(randomUUID());

    expect(await table.putIfAbsent({ ...key, expiresAt: expiresAtAfter(-5) })).toBe(true);
    expect(await table.putIfAbsent({ ...key, expiresAt: expiresAtAfter(600) })).toBe(true);
    expect(await table.putIfAbsent({ ...key, expiresAt: expiresAtAfter(600) })).toBe(false);
  });

  it('marks an id once', async () => {
    const marks = createIdempotencyMarks(table);
    const id = randomUUID();

    expect(await marks.markOnce(id, 60)).toBe(true);
    expect(await marks.markOnce(id, 60)).toBe(false);
  });

  it('answers the health probe when the table exists', async () => {
    await expect(createStorageHealth(table).ping()).resolves.toBeUndefined();
  });
});
