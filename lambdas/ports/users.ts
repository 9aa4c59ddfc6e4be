import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';

// The user profile in the table, as accounts and billing see it.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface UserProfile {
  readonly sub: string;
  readonly email: string;
  readonly subscriptionStatus: SubscriptionStatus;
  readonly stripeCustomerId?: string;
  readonly cancelAtPeriodEnd: boolean;
  /** ISO timestamp, or null when there is no paid period. */
  readonly currentPeriodEnd: string | null;
}

export interface SubscriptionState {
  readonly status: SubscriptionStatus;
  readonly cancelAtPeriodEnd: boolean;
  readonly currentPeriodEnd: string | null;
}

export interface Users {
  getProfile(sub: string): Promise<UserProfile | undefined>;
  createProfile(profile: UserProfile): Promise<void>;
  /** The account whose profile has this (normalised) address; the newest, should a deleted one linger. */
  findSubByEmail(email: string): Promise<string | undefined>;
  linkStripeCustomer(sub: string, stripeCustomerId: string): Promise<void>;
  findSubByStripeCustomer(stripeCustomerId: string): Promise<string | undefined>;
}

/** The profile half of the Users port that accounts need; billing adds the subscription writes. */
export type UserProfiles = Pick<Users, 'getProfile' | 'createProfile' | 'findSubByEmail'>;
