import type { UserProfile, UserProfiles } from '../../ports';
import {
  isLive,
  profileEmailIndexKey,
  profileEmailPartition,
  userProfileKey,
  type Table,
} from './table';

/** User profiles in the table: `USER#<sub>` / `PROFILE`, found by address through gsi1. */
export function createUserProfiles(table: Table): UserProfiles {
  return {
    async getProfile(sub) {
      const item = await table.get(userProfileKey(sub), { consistent: true });
      if (!item || !isLive(item) || typeof item.email !== 'string') return undefined;
      return {
        sub,
        email: item.email,
        subscriptionStatus:
          (item.subscriptionStatus as UserProfile['subscriptionStatus'] | undefined) ?? 'NONE',
        ...(typeof item.stripeCustomerId === 'string' ? { stripeCustomerId: item.stripeCustomerId } : {}),
        cancelAtPeriodEnd: item.cancelAtPeriodEnd === true,
        currentPeriodEnd: typeof item.currentPeriodEnd === 'string' ? item.currentPeriodEnd : null,
      };
    },
    async createProfile(profile) {
      // Never overwrites: a profile that billing has already written keeps its subscription.
      await table.putIfAbsent({
        ...userProfileKey(profile.sub),
        ...profileEmailIndexKey(profile.email, new Date()),
        ...profile,
      });
    },
    async findSubByEmail(email) {
      const [newest] = await table.query(profileEmailPartition(email), {
        index: 'gsi1',
        newestFirst: true,
        limit: 1,
      });
      return typeof newest?.sub === 'string' ? newest.sub : undefined;
    },
  };
}
