import { describe, expect, it } from 'vitest';
import type { AttemptCounters } from '../ports/identity';
import { ATTEMPT_LIMITS, createAttemptLimiter } from './attempt-limits';

describe('attempt limits', () => {
  it('counts IPv6 callers of one /64 as one address', async () => {
    const counts = new Map<string, number>();
    const attempts: AttemptCounters = {
      count: async (counter) => {
        counts.set(counter, (counts.get(counter) ?? 0) + 1);
        return counts.get(counter)!;
      },
    };
    const limit = createAttemptLimiter({
      attempts,
      clock: { now: () => new Date() },
      counterSecret: 'secret',
    });
    for (let index = 0; index < ATTEMPT_LIMITS['password-reset'].perIp; index++) {
      await limit('password-reset', 'reset', { ip: `2001:db8:5:6::${(index + 1).toString(16)}` });
    }
    await expect(limit('password-reset', 'reset', { ip: '2001:db8:5:6:ffff::1' })).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(limit('password-reset', 'reset', { ip: '2001:db8:5:7::1' })).resolves.toBeUndefined();
  });
});
