import { getConfig } from '../config';
import { createAdminSessionVerifier } from '../domain/admin-session';
import { logger } from '../logger';
import type { AdminSessionVerifier, TokenVerifier } from '../ports/identity';
import { getTokenVerifier } from '../providers';
import type { HttpDependencies } from './route-factory';

// Configuration is read on the first admin call, not when a handler module is imported.
const adminSessions: AdminSessionVerifier = createAdminSessionVerifier(
  async () => (await getConfig()).ADMIN_PASSWORD_HASH,
);

// Built on the first request that carries a token, not when a handler module is imported.
const tokens: TokenVerifier = {
  verifyAccessToken: async (token) => (await getTokenVerifier()).verifyAccessToken(token),
};

export const defaultHttpDependencies: HttpDependencies = {
  tokens,
  adminSessions,
  logger,
};
