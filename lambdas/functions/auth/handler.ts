import { getConfig } from '../../config';
import { httpRoute } from '../../http/route';
import {
  getAttemptCounters,
  getIdentity,
  getRefreshSessions,
  getResetTokens,
  getUserProfiles,
  perContainer,
  systemClock,
} from '../../providers';
import { createAuthService } from './service';

// Built on the first call of a container and kept, so warm calls reuse the clients and their connections.
const service = perContainer(async () => {
  const [config, identity, users, sessions, resetTokens, attempts] = await Promise.all([
    getConfig(),
    getIdentity(),
    getUserProfiles(),
    getRefreshSessions(),
    getResetTokens(),
    getAttemptCounters(),
  ]);
  return createAuthService({
    identity,
    users,
    sessions,
    resetTokens,
    attempts,
    clock: systemClock,
    counterSecret: config.IP_HASH_SECRET,
  });
});

export const login = httpRoute('auth.login', async (request) =>
  (await service()).login(request.body, { ip: request.sourceIp }),
);
export const register = httpRoute('auth.register', async (request) =>
  (await service()).register(request.body, { ip: request.sourceIp }),
);
export const resetPassword = httpRoute('auth.resetPassword', async (request) =>
  (await service()).resetPassword(request.body, { ip: request.sourceIp }),
);
export const me = httpRoute('auth.me', async (request) => (await service()).me(request.auth));
export const refresh = httpRoute('auth.refresh', async (request) => (await service()).refresh(request.auth));
