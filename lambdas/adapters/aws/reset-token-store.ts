import type { ResetTokens } from '../../ports/identity';
import { resetTokenKey, type Table } from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** Password-reset tokens in the table, by hash only: `RESET#<tokenHash>` / `TOKEN`. */
export function createResetTokens(table: Table): ResetTokens {
  return {
    async save({ tokenHash, sub, expiresAt }) {
      await table.put({ ...resetTokenKey(tokenHash), sub, [TTL]: expiresAt });
    },
    async redeem(tokenHash, now) {
      // One conditional delete: of two concurrent redemptions exactly one gets the sub.
      const item = await table.takeLive(resetTokenKey(tokenHash), now);
      return typeof item?.sub === 'string' ? item.sub : undefined;
    },
  };
}
