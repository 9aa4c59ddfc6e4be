import { createHmac } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  RevokeTokenCommand,
  type AttributeType,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  AccountExistsError,
  InvalidCredentialsError,
  PasswordRejectedError,
  RefreshRejectedError,
  type Identity,
  type IdentitySession,
} from '../../ports/identity';

/*
 * The app client is confidential and offers no public flow (docs/DESIGN.md §9, "Cognito"): self sign-up is off,
 * accounts are made with AdminCreateUser, sign-in and refresh are AdminInitiateAuth, and every call that names the
 * client proves it holds the client's secret (SECRET_HASH, RevokeToken's ClientSecret). A caller who reads the
 * client id from a token can therefore neither sign up nor try passwords around our limits. The same calls run
 * against cognito-local, which accepts them but checks neither the secret nor the flows.
 *
 * Cognito and cognito-local answer the same calls slightly differently (docs/ENGINES.md, Identity); this adapter
 * accepts both, so no caller ever branches on where it runs:
 * - A wrong password is NotAuthorizedException in Cognito, InvalidPasswordException in cognito-local; an
 *   unknown user is UserNotFoundException (or NotAuthorizedException when the pool prevents existence
 *   errors). All of them are the same InvalidCredentialsError.
 * - cognito-local sends no ExpiresIn: the expiry is read from the access token's own `exp` claim.
 * - REFRESH_TOKEN_AUTH returns no new refresh token unless rotation is on: the old one is kept.
 * - cognito-local 5.3.0 lacks AdminUserGlobalSignOut: it answers HTTP 500 with the type `CognitoLocal#Unsupported`
 *   (which Cognito never sends). That one answer is taken as done: locally the deleted refresh sessions end every
 *   refresh, and cognito-local checks no revocation anyway.
 */

/** The flows the app client offers: sign-in by the Lambdas' admin call, and refresh. The CDK and the local cloud set these. */
export const APP_CLIENT_AUTH_FLOWS = ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const;

/**
 * Cognito's SECRET_HASH: base64(HMAC-SHA256(client secret, username + client id)). The username is the one the
 * pool knows the user by: the e-mail typed at sign-in, but the user's own username (the sub, in a pool whose
 * username attribute is the e-mail) on refresh, where no e-mail is at hand.
 */
export function secretHash(clientSecret: string, username: string, clientId: string): string {
  return createHmac('sha256', clientSecret)
    .update(username + clientId)
    .digest('base64');
}

const WRONG_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** cognito-local's answer to a call it does not implement (HTTP 500, `__type` "CognitoLocal#Unsupported"). */
function isCognitoLocalUnsupported(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return errorName(error) === 'Unsupported' && status === 500;
}

/** The `sub` and `exp` claims of a JWT, unverified: the token has just come from the provider itself. */
export function unverifiedClaims(token: string): { readonly sub: string; readonly exp: number } {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Identity provider returned a malformed access token');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') {
    throw new Error('Identity provider returned a token without sub or exp');
  }
  return { sub: claims.sub, exp: claims.exp };
}

function attribute(attributes: readonly AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((candidate) => candidate.Name === name)?.Value;
}

function sessionFrom(
  result: AuthenticationResultType | undefined,
  previousRefreshToken?: string,
): IdentitySession {
  const accessToken = result?.AccessToken;
  const refreshToken = result?.RefreshToken ?? previousRefreshToken;
  if (!accessToken || !refreshToken) {
    // A challenge (new password, MFA) instead of tokens: the pool is set up for flows this app does not use.
    throw new Error('Identity provider answered without tokens');
  }
  const { sub, exp } = unverifiedClaims(accessToken);
  return { accessToken, refreshToken, sub, accessTokenExpiresAt: exp };
}

export interface CognitoIdentityOptions {
  readonly region: string;
  /** Unset only where accounts are not in use (unit tests importing every handler): calls then fail. */
  readonly userPoolId: string | undefined;
  readonly clientId: string | undefined;
  /** The app client's secret (Secrets Manager in AWS, the local cloud's own locally). */
  readonly clientSecret: string | undefined;
  /** The SDK client to use; tests pass one with their own request handler. */
  readonly client?: CognitoIdentityProviderClient;
}

export function createCognitoIdentity(options: CognitoIdentityOptions): Identity {
  const client = options.client ?? new CognitoIdentityProviderClient({ region: options.region });
  const setting = (name: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`${name} is not set: accounts need a Cognito user pool`);
    return value;
  };
  const pool = () => setting('COGNITO_USER_POOL_ID', options.userPoolId);
  const appClient = () => setting('COGNITO_CLIENT_ID', options.clientId);
  const appSecret = () => setting('COGNITO_CLIENT_SECRET', options.clientSecret);
  const hashFor = (username: string) => secretHash(appSecret(), username, appClient());

  /** The name the pool knows the account by (in AWS a generated id, not the e-mail), for refresh's SECRET_HASH. */
  const usernameOf = async (sub: string): Promise<string | undefined> => {
    try {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: sub }));
      return user.Username;
    } catch (error) {
      if (errorName(error) === 'UserNotFoundException') return undefined;
      throw error;
    }
  };

  const emailOf = async (sub: string): Promise<string | undefined> => {
    try {
      // Admin calls take the sub as the username (the e-mail is the pool's username attribute).
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: sub }));
      return attribute(user.UserAttributes, 'email');
    } catch (error) {
      if (errorName(error) === 'UserNotFoundException') return undefined;
      throw error;
    }
  };

  const setPermanentPassword = (username: string, password: string) =>
    client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool(),
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );

  return {
    async signUp(email, password) {
      let created;
      try {
        // No message: the account is confirmed below with the password the traveller chose. The e-mail stays
        // unverified until its owner follows the link we mail (markEmailVerified); the address is the pool's
        // username attribute, so signing in does not wait for it.
        created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: pool(),
            Username: email,
            UserAttributes: [{ Name: 'email', Value: email }],
            MessageAction: 'SUPPRESS',
          }),
        );
      } catch (error) {
        if (errorName(error) === 'UsernameExistsException') throw new AccountExistsError();
        throw error;
      }
      const username = created.User?.Username;
      const sub = attribute(created.User?.Attributes, 'sub') ?? username;
      if (!username || !sub) throw new Error('Identity provider returned no user');
      try {
        await setPermanentPassword(username, password);
      } catch (error) {
        // A half-made account (no password of the traveller's) would hold the e-mail for ever: remove it.
        await client.send(new AdminDeleteUserCommand({ UserPoolId: pool(), Username: username }));
        if (errorName(error) === 'InvalidPasswordException') throw new PasswordRejectedError();
        throw error;
      }
      return { sub };
    },

    async signIn(email, password) {
      try {
        const result = await client.send(
          new AdminInitiateAuthCommand({
            UserPoolId: pool(),
            ClientId: appClient(),
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password, SECRET_HASH: hashFor(email) },
          }),
        );
        return sessionFrom(result.AuthenticationResult);
      } catch (error) {
        if (WRONG_CREDENTIALS.has(errorName(error))) throw new InvalidCredentialsError();
        throw error;
      }
    },

    async refresh(sub, refreshToken) {
      try {
        const username = await usernameOf(sub);
        if (username === undefined) throw new RefreshRejectedError();
        const result = await client.send(
          new AdminInitiateAuthCommand({
            UserPoolId: pool(),
            ClientId: appClient(),
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken, SECRET_HASH: hashFor(username) },
          }),
        );
        const session = sessionFrom(result.AuthenticationResult, refreshToken);
        if (session.sub !== sub) throw new RefreshRejectedError();
        return session;
      } catch (error) {
        if (error instanceof RefreshRejectedError) throw error;
        if (WRONG_CREDENTIALS.has(errorName(error))) throw new RefreshRejectedError();
        throw error;
      }
    },

    async revoke(refreshToken) {
      try {
        await client.send(
          new RevokeTokenCommand({ ClientId: appClient(), ClientSecret: appSecret(), Token: refreshToken }),
        );
      } catch (error) {
        // Already revoked, expired or its user gone: signed out either way.
        if (WRONG_CREDENTIALS.has(errorName(error))) return;
        throw error;
      }
    },

    emailOf,

    async signOutEverywhere(sub) {
      try {
        await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool(), Username: sub }));
      } catch (error) {
        // The account is gone (signed out either way), or the local stand-in lacks the call (above).
        if (errorName(error) === 'UserNotFoundException' || isCognitoLocalUnsupported(error)) return;
        throw error;
      }
    },

    async deleteUser(sub) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: pool(), Username: sub }));
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return;
        throw error;
      }
    },

    async markEmailVerified(sub) {
      const email = await emailOf(sub);
      if (email === undefined) return false;
      // The address goes with the flag, unchanged: cognito-local refuses email_verified alone, and Cognito's
      // reference has an address and its email_verified=true set in one request without sending a code.
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: pool(),
          Username: sub,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      return true;
    },

    async setPassword(sub, password) {
      try {
        await setPermanentPassword(sub, password);
      } catch (error) {
        if (errorName(error) === 'InvalidPasswordException') throw new PasswordRejectedError();
        throw error;
      }
    },
  };
}
