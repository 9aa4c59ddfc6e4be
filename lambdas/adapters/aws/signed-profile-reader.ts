import type { Users } from '../../ports/users';
import { profileFromItem } from './profile-item';
import { userProfileKey } from './table-keys';
import { createSignedGetItem, type SignedTableOptions } from './signed-get-item';

/**
 * A caller's profile (their subscription status) read with one signed, consistent GetItem: what the vision
 * function needs from the table, without the DynamoDB client its openai client leaves no room for.
 */
export function createSignedProfileReader(options: SignedTableOptions): Pick<Users, 'getProfile'> {
  const getItem = createSignedGetItem(options);
  return {
    getProfile: async (sub) => profileFromItem(sub, await getItem(userProfileKey(sub), { consistent: true })),
  };
}
