import type { SingleUseTokens } from '../../ports/identity';
import { accountMailedTokensIndexKey, resetTokenKey, verifyTokenKey, type Table, type TableKey } from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** Single-use mailed tokens in the table, by hash only, one partition shape per purpose (`<PREFIX>#<hash>` / `TOKEN`). */
function createSingleUseTokens(table: Table, keyOf: (tokenHash: string) => TableKey): SingleUseTokens {
  return {
    async save({ tokenHash, sub, expiresAt }) {
      const key = keyOf(tokenHash);
      await table.put({ ...key, ...accountMailedTokensIndexKey(sub, key), sub, [TTL]: expiresAt });
    },
    async redeem(tokenHash, now) {
      // One conditional delete: of two concurrent redemptions exactly one gets the sub.
      const item = await table.takeLive(keyOf(tokenHash), now);
      return typeof item?.sub === 'string' ? item.sub : undefined;
    },
  };
}

/** Password-reset tokens: `RESET#<tokenHash>`. */
export const createResetTokens = (table: Table) => createSingleUseTokens(table, resetTokenKey);

/** E-mail verification tokens: `VERIFY#<tokenHash>`; apart from reset tokens, so neither can stand for the other. */
export const createVerificationTokens = (table: Table) => createSingleUseTokens(table, verifyTokenKey);
