import type { AttemptCounters } from '../../ports';
import { attemptsKey, epochSeconds, type Table } from './table';

/** Fixed-window attempt counters in the table: `ATTEMPTS#<counter>#<window>` / `COUNT`, gone with the window. */
export function createAttemptCounters(table: Table): AttemptCounters {
  return {
    async count(counter, windowSeconds, now) {
      const nowSeconds = epochSeconds(now);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      return table.increment(attemptsKey(counter, windowStart), 'count', 1, {
        expiresAt: windowStart + windowSeconds,
      });
    },
  };
}
