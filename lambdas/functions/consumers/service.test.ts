import { describe, expect, it } from 'vitest';
import type { Usage, UsageDelivery } from '../../ports/usage';
import { addUsageToDayCounter } from './service';

const detail = { subject: 'subject-hash-1', seconds: 30, leaseId: 'lease-1', day: '2026-11-22' };

describe('addUsageToDayCounter', () => {
  it('adds the delivery once per lease: its lease id is the key, not the event id', async () => {
    const deliveries: UsageDelivery[] = [];
    const usage: Usage = {
      addSecondsOnce: async (delivery) => {
        deliveries.push(delivery);
        return 'added';
      },
      secondsUsed: async () => 0,
    };

    const outcome = await addUsageToDayCounter({ usage }, detail);

    expect(outcome).toBe('added');
    expect(deliveries).toEqual([
      { onceKey: 'lease-lease-1', subject: 'subject-hash-1', day: '2026-11-22', seconds: 30 },
    ]);
  });
});
