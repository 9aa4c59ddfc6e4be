import { describe, expect, it } from 'vitest';
import { subscriptionStatusSchema } from '@wayfarer/shared/api/auth';
import type { Subscription } from '@wayfarer/shared/api/billing';
import { statusTone, subscriptionView } from './subscription-view';

const periodEnd = '2026-12-23T11:00:00.000Z';
const subscription = (overrides: Partial<Subscription>): Subscription => ({
  status: 'ACTIVE',
  cancelAtPeriodEnd: false,
  stripeCurrentPeriodEnd: periodEnd,
  ...overrides,
});

describe('what the manage page shows (docs/SPEC.md §4 Subscription)', () => {
  it('no subscription shows the upgrade card', () => {
    expect(subscriptionView(null)).toEqual({ kind: 'none' });
  });

  it('an active plan shows its renewal date', () => {
    expect(subscriptionView(subscription({}))).toEqual({ kind: 'renews', status: 'ACTIVE', date: periodEnd });
  });

  it('a cancellation pending at period end shows the notice with the end date', () => {
    expect(subscriptionView(subscription({ cancelAtPeriodEnd: true }))).toEqual({
      kind: 'ends',
      status: 'ACTIVE',
      date: periodEnd,
    });
  });

  it('a cancellation pending without a period end shows the notice without a date', () => {
    expect(subscriptionView(subscription({ cancelAtPeriodEnd: true, stripeCurrentPeriodEnd: null }))).toEqual(
      {
        kind: 'ends',
        status: 'ACTIVE',
        date: null,
      },
    );
  });

  it('a plan without a period end shows no renewal date', () => {
    expect(subscriptionView(subscription({ stripeCurrentPeriodEnd: null }))).toEqual({
      kind: 'undated',
      status: 'ACTIVE',
    });
  });

  it('a canceled plan shows when it ended, never a renewal', () => {
    expect(subscriptionView(subscription({ status: 'CANCELED' }))).toEqual({
      kind: 'ended',
      status: 'CANCELED',
      date: periodEnd,
    });
  });

  it('a past-due plan still shows its renewal date', () => {
    expect(subscriptionView(subscription({ status: 'PAST_DUE' }))).toMatchObject({ kind: 'renews' });
  });
});

describe('status badge tone (docs/SPEC.md §3 Subscription)', () => {
  it('ACTIVE is good and every other status destructive', () => {
    for (const status of subscriptionStatusSchema.options) {
      expect(statusTone(status)).toBe(status === 'ACTIVE' ? 'good' : 'destructive');
    }
  });
});
