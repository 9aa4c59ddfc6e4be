import { describe, expect, it } from 'vitest';
import { RATES_STALE_AFTER_DAYS } from '@wayfarer/shared/api/analysis';
import { ratesFreshness } from './rates-label';

const now = new Date('2026-11-25T08:00:00Z');

describe('the rates label', () => {
  it('is the snapshot’s whenever the rates are the shipped snapshot, even a fresh one', () => {
    expect(ratesFreshness({ date: '2024-01-04', source: 'snapshot' }, now)).toBe('snapshot');
    expect(ratesFreshness({ date: '2026-11-24', source: 'snapshot' }, now)).toBe('snapshot');
  });

  it(`is the day's for daily rates up to ${RATES_STALE_AFTER_DAYS} days old (a long weekend has no new rates)`, () => {
    expect(ratesFreshness({ date: '2026-11-25', source: 'daily' }, now)).toBe('daily');
    expect(ratesFreshness({ date: '2026-11-18', source: 'daily' }, now)).toBe('daily');
  });

  it(`says daily rates older than ${RATES_STALE_AFTER_DAYS} days are old`, () => {
    expect(ratesFreshness({ date: '2026-11-17', source: 'daily' }, now)).toBe('stale');
  });
});
