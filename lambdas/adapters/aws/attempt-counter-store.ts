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
    async current(counter, windowSeconds, now) {
      const item = await table.get(attemptsKey(counter, windowStartOf(now, windowSeconds)), {
        consistent: true,
        now,
      });
      const count = item?.['count'];
      return typeof count === 'number' ? count : 0;
    },
  };
}
