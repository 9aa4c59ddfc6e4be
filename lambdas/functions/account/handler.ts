import { getConfig } from '../../config';
import { createAttemptLimiter } from '../../domain/attempt-limits';
import { httpRoute } from '../../http/route';
import {
  getAccountRecords,
  getAttemptCounters,
  getBilling,
  getEvents,
  getIdentity,
  getUserProfiles,
  perContainer,
  systemClock,
} from '../../providers';
import {
  deleteAccount as deleteAccountService,
  exportAccount as exportAccountService,
  type AccountPorts,
} from './service';

// Built on the first call of a container and kept, so warm calls reuse the clients and their connections.
const ports = perContainer(async (): Promise<AccountPorts> => {
  const [config, identity, users, records, events, attempts] = await Promise.all([
    getConfig(),
    getIdentity(),
    getUserProfiles(),
    getAccountRecords(),
    getEvents(),
    getAttemptCounters(),
  ]);
  const limit = createAttemptLimiter({ attempts, clock: systemClock, counterSecret: config.IP_HASH_SECRET });
  return { identity, users, records, billing: getBilling, events, limit, clock: systemClock };
});

export const exportAccount = httpRoute('account.export', async (request) =>
  exportAccountService(await ports(), request.auth.sub, request.body, { ip: request.sourceIp }),
);

export const deleteAccount = httpRoute('account.delete', async (request) =>
  deleteAccountService(await ports(), request.auth.sub, request.body, { ip: request.sourceIp }),
);
