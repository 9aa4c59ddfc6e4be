import { getConfig } from '../../config';
import { usageCallerOf } from '../../domain/usage-subject';
import { httpRoute } from '../../http/route';
import { getEvents, getLeases, perContainer, systemClock } from '../../providers';
import { closeSessionLease } from './service';

const wiring = perContainer(async () => {
  const [config, leases, events] = await Promise.all([getConfig(), getLeases(), getEvents()]);
  return { ports: { leases, events, clock: systemClock }, policy: { ipHashSecret: config.IP_HASH_SECRET } };
});

export const update = httpRoute('usage.update', async (request) => {
  const { ports, policy } = await wiring();
  // The answer is the same whether a lease was closed or there was none: the client shows nothing (docs/SPEC.md §7).
  await closeSessionLease(ports, policy, usageCallerOf(request.auth, request.sourceIp), request.body.durationSeconds);
  return { ok: true as const };
});
