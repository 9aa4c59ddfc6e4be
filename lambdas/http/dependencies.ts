import { logger } from '../logger';
import type { AdminSessionVerifier, TokenVerifier } from '../ports';
import { getTokenVerifier } from '../providers';
import type { HttpDependencies } from './route-factory';

// Until the analytics issue lands its admin session check, every admin cookie is refused.
const refuseEveryAdminSession: AdminSessionVerifier = {
  isAdminSession: async () => false,
};

// Built on the first request that carries a token, not when a handler module is imported.
const tokens: TokenVerifier = {
  verifyAccessToken: async (token) => (await getTokenVerifier()).verifyAccessToken(token),
};

export const defaultHttpDependencies: HttpDependencies = {
  tokens,
  adminSessions: refuseEveryAdminSession,
  logger,
};
