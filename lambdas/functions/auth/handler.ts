import {
  createAttemptCounters,
  createRefreshSessions,
  createResetTokens,
  createUserProfiles,
} from '../../adapters/aws/auth-store';
import { createCognitoIdentity } from '../../adapters/aws/cognito-identity';
import { table } from '../../adapters/aws/table';
import { config } from '../../config';
import { httpRoute } from '../../http/route';
import { createAuthService } from './service';

// Clients are made once per container, outside the handlers, so warm calls reuse their connections.
const service = createAuthService({
  identity: createCognitoIdentity({
    region: config.AWS_REGION,
    userPoolId: config.COGNITO_USER_POOL_ID,
    clientId: config.COGNITO_CLIENT_ID,
  }),
  users: createUserProfiles(table),
  sessions: createRefreshSessions(table),
  resetTokens: createResetTokens(table),
  attempts: createAttemptCounters(table),
  clock: { now: () => new Date() },
  counterSecret: config.IP_HASH_SECRET,
});

export const login = httpRoute('auth.login', (request) =>
  service.login(request.body, { ip: request.sourceIp }),
);
export const register = httpRoute('auth.register', (request) =>
  service.register(request.body, { ip: request.sourceIp }),
);
export const resetPassword = httpRoute('auth.resetPassword', (request) =>
  service.resetPassword(request.body, { ip: request.sourceIp }),
);
export const me = httpRoute('auth.me', (request) => service.me(request.auth));
export const refresh = httpRoute('auth.refresh', (request) => service.refresh(request.auth));
