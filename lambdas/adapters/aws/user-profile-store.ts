import type { UserProfiles } from '../../ports/users';
import { profileFromItem } from './profile-item';
import { profileEmailIndexKey, profileEmailPartition, userProfileKey, type Table } from './table';

/** User profiles in the table: `USER#<sub>` / `PROFILE`, found by address through gsi1. */
export function createUserProfiles(table: Table): UserProfiles {
  return {
    async getProfile(sub) {
      return profileFromItem(sub, await table.get(userProfileKey(sub), { consistent: true }));
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
