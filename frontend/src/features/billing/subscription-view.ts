import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import type { Subscription } from '@wayfarer/shared/api/billing';

/**
 * What /manage-subscription shows for a subscription (docs/SPEC.md §4 Subscription): no subscription, the upgrade
 * card; a cancellation pending, the notice with its end date (when the provider gave one); a plan that has ended, the date it
 * ended; otherwise the renewal date when there is one.
 */
export type SubscriptionView =
  | { readonly kind: 'none' }
  | { readonly kind: 'renews'; readonly status: SubscriptionStatus; readonly date: string }
  | { readonly kind: 'ends'; readonly status: SubscriptionStatus; readonly date: string | null }
  | { readonly kind: 'ended'; readonly status: SubscriptionStatus; readonly date: string | null }
  | { readonly kind: 'undated'; readonly status: SubscriptionStatus };

export function subscriptionView(subscription: Subscription | null): SubscriptionView {
  if (!subscription) return { kind: 'none' };
  const { status, cancelAtPeriodEnd, stripeCurrentPeriodEnd: date } = subscription;
  // A CANCELED plan renews no more: its period end is when it stopped, never a renewal date.
  if (status === 'CANCELED') return { kind: 'ended', status, date };
  if (cancelAtPeriodEnd) return { kind: 'ends', status, date };
  return date ? { kind: 'renews', status, date } : { kind: 'undated', status };
}

/** docs/SPEC.md §3: ACTIVE is the good status; every other one is shown as destructive. */
export function statusTone(status: SubscriptionStatus): 'good' | 'destructive' {
  return status === 'ACTIVE' ? 'good' : 'destructive';
}
