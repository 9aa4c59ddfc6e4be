import { getConfig } from '../../config';
import { httpRoute } from '../../http/route';
import {
  getAttemptCounters,
  getIdentity,
  getRefreshSessions,
  getResetTokens,
  getTokenVerifier,
  getUserProfiles,
  getVerificationTokens,
  perContainer,
  systemClock,
} from '../../providers';
import { UnauthorizedError } from '../../http/errors';
import { createAuthService, type SignedInCaller } from './service';

// Built on the first call of a container and kept, so warm calls reuse the clients and their connections.
const service = perContainer(async () => {
  const [config, identity, users, sessions, resetTokens, verificationTokens, attempts] = await Promise.all([
    getConfig(),
    getIdentity(),
    getUserProfiles(),
    getRefreshSessions(),
    getResetTokens(),
    getVerificationTokens(),
    getAttemptCounters(),
  ]);
  return createAuthService({
    identity,
    users,
    sessions,
    resetTokens,
    verificationTokens,
    attempts,
    clock: systemClock,
    counterSecret: config.IP_HASH_SECRET,
    accountsPerViewerGroup: config.ACCOUNTS_PER_VIEWER_GROUP,
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
export const verifyEmail = httpRoute('auth.verifyEmail', async (request) =>
  (await service()).verifyEmail(request.body, { ip: request.sourceIp }),
);
export const changePassword = httpRoute('auth.changePassword', async (request) =>
  (await service()).changePassword(request.body, { ...request.auth, ip: request.sourceIp }),
);
export const signOutEverywhere = httpRoute('auth.signOutEverywhere', async (request) =>
  (await service()).signOutEverywhere(request.body, { ...request.auth, ip: request.sourceIp }),
);
export const me = httpRoute('auth.me', async (request) => (await service()).me(request.auth));
/**
 * The caller of refresh and logout: the bearer token, verified with its expiry allowed (the refresh session it
 * names decides whether it still counts), else 401.
 */
async function tokenHolder(headers: Readonly<Record<string, string>>): Promise<SignedInCaller> {
  const token = /^Bearer\s+(\S+)$/i.exec(headers['authorization'] ?? '')?.[1];
  const identity = token
    ? await (await getTokenVerifier()).verifyAccessToken(token, { allowExpired: true })
    : undefined;
  if (!token || !identity) throw new UnauthorizedError();
  return { sub: identity.sub, token };
}

export const refresh = httpRoute('auth.refresh', async (request) =>
  (await service()).refresh(await tokenHolder(request.headers)),
);
export const logout = httpRoute('auth.logout', async (request) =>
  (await service()).logout(await tokenHolder(request.headers)),
);
