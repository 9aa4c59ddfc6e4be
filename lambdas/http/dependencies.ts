import { logger } from '../logger';
import type { AdminSessionVerifier, TokenVerifier } from '../ports';
import type { HttpDependencies } from './route-factory';

// Until the accounts issue lands its Cognito verifier (aws-jwt-verify) and the analytics issue its admin
// session check, every token and every admin cookie is refused: failing closed is the only safe default.
const refuseEveryToken: TokenVerifier = {
  verifyAccessToken: async () => undefined,
};

const refuseEveryAdminSession: AdminSessionVerifier = {
  isAdminSession: async () => false,
};

export const defaultHttpDependencies: HttpDependencies = {
  tokens: refuseEveryToken,
  adminSessions: refuseEveryAdminSession,
  logger,
};
