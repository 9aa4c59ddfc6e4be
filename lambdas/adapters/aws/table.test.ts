import { describe, expect, it } from 'vitest';
import {
  anonymousLastKey,
  customerKey,
  eventSeenKey,
  expiresAtAfter,
  isLive,
  isTransactionConditionFailure,
  leaseKey,
  ratesKey,
  recentViewKey,
  resetTokenKey,
  verifyTokenKey,
  statsCounterKey,
  statsKey,
  usageDayKey,
  userProfileKey,
  visitorKey,
} from './table';

describe('table key shapes', () => {
  it('builds every key of docs/DESIGN.md §4', () => {
    expect(userProfileKey('abc')).toEqual({ pk: 'USER#abc', sk: 'PROFILE' });
    expect(customerKey('cus_1')).toEqual({ pk: 'CUSTOMER#cus_1', sk: 'USER' });
    expect(usageDayKey('abc', '2026-11-22')).toEqual({ pk: 'USAGE#abc#2026-11-22', sk: 'DAY' });
    expect(leaseKey('sub-1', '2025-01-31', 'k1')).toEqual({ pk: 'USAGE#sub-1#2025-01-31', sk: 'LEASE#k1' });
    expect(eventSeenKey('e1')).toEqual({ pk: 'EVENT#e1', sk: 'SEEN' });
    expect(statsKey('2026-11-22', 'PAGE', '/subscribe')).toEqual({
      pk: 'STATS#2026-11-22',
      sk: 'PAGE#/subscribe',
    });
    expect(statsKey('2026-11-22', 'COUNTRY', 'PT')).toEqual({ pk: 'STATS#2026-11-22', sk: 'COUNTRY#PT' });
    expect(statsCounterKey('2026-11-22', 'VISITORS')).toEqual({ pk: 'STATS#2026-11-22', sk: 'VISITORS' });
    expect(anonymousLastKey('ip-abc')).toEqual({ pk: 'ANONYMOUS#ip-abc', sk: 'LAST' });
    expect(visitorKey('2026-11-22', 'h1')).toEqual({ pk: 'VISITORS#2026-11-22', sk: 'h1' });
    expect(recentViewKey('2026-11-22T10:00:00.000Z', 'v1')).toEqual({
      pk: 'RECENT',
      sk: '2026-11-22T10:00:00.000Z#v1',
    });
    expect(ratesKey()).toEqual({ pk: 'RATES', sk: 'LATEST' });
    expect(resetTokenKey('t1')).toEqual({ pk: 'RESET#t1', sk: 'TOKEN' });
    expect(verifyTokenKey('t1')).toEqual({ pk: 'VERIFY#t1', sk: 'TOKEN' });
  });

  it('refuses parts that would collide with another key shape', () => {
    expect(() => userProfileKey('')).toThrow();
    expect(() => usageDayKey('a#b', '2026-11-22')).toThrow();
    expect(() => usageDayKey('abc', '22/11/2026')).toThrow();
  });
});

describe('expiry', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('treats an item whose expiresAt has passed as gone', () => {
    expect(isLive({ expiresAt: expiresAtAfter(-1, now) }, now)).toBe(false);
    expect(isLive({ expiresAt: expiresAtAfter(0, now) }, now)).toBe(false);
    expect(isLive({ expiresAt: expiresAtAfter(60, now) }, now)).toBe(true);
    expect(isLive({}, now)).toBe(true);
  });
});

describe('transaction failures', () => {
  const cancelled = (codes: string[]) =>
    Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('recognises a cancellation caused only by a failed condition', () => {
    expect(isTransactionConditionFailure(cancelled(['ConditionalCheckFailed', 'None']))).toBe(true);
    expect(isTransactionConditionFailure(cancelled(['None', 'TransactionConflict']))).toBe(false);
    expect(isTransactionConditionFailure(new Error('other'))).toBe(false);
  });
});
