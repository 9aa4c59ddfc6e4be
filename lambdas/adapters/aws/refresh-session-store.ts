import type { RefreshSessions } from '../../ports/identity';
import { sealingKeyOf, seal, sessionIdOf, unseal } from './refresh-token-seal';
import { accountSessionsIndexKey, accountSessionsPartition, refreshSessionKey, type Table } from './table';
import { tableDefinition } from './table-definition';

const TTL = tableDefinition.timeToLiveAttribute;

/** Refresh sessions in the table: `SESSION#<id>` / `REFRESH`, indexed by account in gsi1. */
export function createRefreshSessions(table: Table): RefreshSessions {
  return {
    async save({ accessToken, sub, refreshToken, expiresAt }) {
      const id = sessionIdOf(accessToken);
      await table.put({
        ...refreshSessionKey(id),
        ...accountSessionsIndexKey(sub, id),
        sub,
        sealedRefreshToken: seal(refreshToken, sealingKeyOf(accessToken)),
        [TTL]: expiresAt,
      });
    },
    async take(accessToken, now) {
      const item = await table.takeLive(refreshSessionKey(sessionIdOf(accessToken)), now);
      if (typeof item?.sub !== 'string' || typeof item.sealedRefreshToken !== 'string') return undefined;
      return { sub: item.sub, refreshToken: unseal(item.sealedRefreshToken, sealingKeyOf(accessToken)) };
    },
    async endAll(sub) {
      // The index is eventually consistent: a session saved in the same instant may survive, and ends with
      // its access token (an hour at most), as every session without a refresh would.
      const sessions = await table.query(accountSessionsPartition(sub), { index: 'gsi1' });
      await Promise.all(sessions.map((item) => table.delete({ pk: item.pk, sk: item.sk })));
    },
  };
}
