import { describe, expect, it } from 'vitest';
import { DAILY_CEILINGS, SPEECH_ALLOWANCE_SECONDS } from '@wayfarer/shared/constants';
import { ACCOUNTS_PER_VIEWER_GROUP } from '@wayfarer/lambdas/domain/attempt-limits';
import { PRICES } from './prices';
import { ATTACKERS, WORST_DAY, accountsPerViewerGroup, attackerUsd, renderWorstDay, worstDayRows } from './worst-day';

const row = (prefix: string) => {
  const found = worstDayRows().find((candidate) => candidate.route.startsWith(prefix));
  if (!found) throw new Error(`no row ${prefix}`);
  return found;
};

describe('the worst day (docs/OPERATIONS.md)', () => {
  it('holds the free accounts a viewer group makes at the registration limit', () => {
    expect(accountsPerViewerGroup()).toBe(ACCOUNTS_PER_VIEWER_GROUP * WORST_DAY.accountDays);
  });

  it("prices a viewer group's speech from the allowances the relay meters, its accounts' included", () => {
    const seconds = SPEECH_ALLOWANCE_SECONDS.anonymous + accountsPerViewerGroup() * SPEECH_ALLOWANCE_SECONDS.user;
    expect(row('speech (relay').perViewerGroup).toBeCloseTo((seconds / 60) * PRICES.deepgramStreamingMinute.usd, 6);
  });

  it('prices speech synthesis from the daily ceilings, at the dearer voice', () => {
    const perThousand = Math.max(PRICES.deepgramTtsThousandChars.usd, PRICES.openAiTtsThousandChars.usd);
    expect(row('speech synthesis').perViewerGroup).toBeGreaterThanOrEqual(
      (DAILY_CEILINGS.speechCharacters.anonymous / 1000) * perThousand,
    );
  });

  it('counts one IPv4 address and one IPv6 /64 as one caller, and bounds many callers by the ceilings on all', () => {
    const [ipv4, ipv6, botnet] = ATTACKERS;
    expect(ipv4.viewerGroups).toBe(1);
    expect(ipv6.viewerGroups).toBe(1);
    for (const each of worstDayRows()) {
      expect(attackerUsd(each, botnet.viewerGroups)).toBeLessThanOrEqual(each.allCallers);
      expect(attackerUsd(each, botnet.viewerGroups)).toBeLessThanOrEqual(each.perViewerGroup * botnet.viewerGroups);
    }
    expect(renderWorstDay()).toContain('| **total** |');
  });
});
