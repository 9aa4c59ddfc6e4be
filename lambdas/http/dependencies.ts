import { createCognitoTokenVerifier } from '../adapters/aws/cognito-token-verifier';
import { config } from '../config';
import { logger } from '../logger';
import type { AdminSessionVerifier, TokenVerifier } from '../ports';
import type { HttpDependencies } from './route-factory';

// Without a user pool (unit tests, tools) every token is refused: failing closed is the only safe default.
const refuseEveryToken: TokenVerifier = {
  verifyAccessToken: async () => undefined,
};

// Until the analytics issue lands its admin session check, every admin cookie is refused.
const refuseEveryAdminSession: AdminSessionVerifier = {
  isAdminSession: async () => false,
};

const tokens: TokenVerifier =
  config.COGNITO_USER_POOL_ID && config.COGNITO_CLIENT_ID
    ? createCognitoTokenVerifier({
        userPoolId: config.COGNITO_USER_POOL_ID,
        clientId: config.COGNITO_CLIENT_ID,
        preloadedJwks: config.localCognitoJwks,
      })
    : refuseEveryToken;

export const defaultHttpDependencies: HttpDependencies = {
  tokens,
  adminSessions: refuseEveryAdminSession,
  logger,
};
