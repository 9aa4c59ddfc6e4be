import { eventPublisher } from '../../adapters/aws/event-publisher';
import { createLeaseStore } from '../../adapters/aws/lease-store';
import { table } from '../../adapters/aws/table';
import { config } from '../../config';
import { httpRoute } from '../../http/route';
import { recordSessionUsage } from './service';
import { usageCallerOf } from './usage-subject';

const ports = {
  leases: createLeaseStore(table),
  events: eventPublisher,
  clock: { now: () => new Date() },
};

export const update = httpRoute('usage.update', async (request) => {
  // The answer is the same whether a lease was closed or there was none: the client shows nothing (SPEC §7).
  await recordSessionUsage(
    ports,
    { ipHashSecret: config.IP_HASH_SECRET },
    usageCallerOf(request.auth, request.sourceIp),
    request.body.durationSeconds,
  );
  return { ok: true as const };
});
