import type { AttemptWindows } from '../../ports/identity';
import { attemptsKey, epochSeconds, type Table } from './table';

const windowStartOf = (now: Date, windowSeconds: number) => {
  const nowSeconds = epochSeconds(now);
  return nowSeconds - (nowSeconds % windowSeconds);
};

/** Fixed-window attempt counters in the table: `ATTEMPTS#<counter>#<window>` / `COUNT`, gone with the window. */
export function createAttemptCounters(table: Table): AttemptWindows {
  return {
    async count(counter, windowSeconds, now) {
      const windowStart = windowStartOf(now, windowSeconds);
      return table.increment(attemptsKey(counter, windowStart), 'count', 1, {
        expiresAt: windowStart + windowSeconds,
      });
    },
    async reserve(counter, windowSeconds, now, limit) {
      const windowStart = windowStartOf(now, windowSeconds);
      return table.incrementBelow(attemptsKey(counter, windowStart), 'count', limit, {
        expiresAt: windowStart + windowSeconds,
      });
    },
    async release(counter, windowSeconds, now) {
      const windowStart = windowStartOf(now, windowSeconds);
      await table.increment(attemptsKey(counter, windowStart), 'count', -1, {
        expiresAt: windowStart + windowSeconds,
      });
    },
  };
}
