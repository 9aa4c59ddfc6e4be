import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
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
 * Cognito and cognito-local answer the same calls slightly differently (docs/ENGINES.md, Identity); this adapter
 * accepts both, so no caller ever branches on where it runs:
 * - A wrong password is NotAuthorizedException in Cognito, InvalidPasswordException in cognito-local; an
 *   unknown user is UserNotFoundException (or NotAuthorizedException when the pool prevents existence
 *   errors). All of them are the same InvalidCredentialsError.
 * - cognito-local sends no ExpiresIn: the expiry is read from the access token's own `exp` claim.
 * - Sign-up is confirmed at once: in AWS a pre-sign-up trigger may already have confirmed the user
 *   (UserConfirmed true), otherwise AdminConfirmSignUp does it here.
 * - REFRESH_TOKEN_AUTH returns no new refresh token unless rotation is on: the old one is kept.
 */

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
}

export function createCognitoIdentity(options: CognitoIdentityOptions): Identity {
  const client = new CognitoIdentityProviderClient({ region: options.region });
  const setting = (name: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`${name} is not set: accounts need a Cognito user pool`);
    return value;
  };
  const pool = () => setting('COGNITO_USER_POOL_ID', options.userPoolId);
  const appClient = () => setting('COGNITO_CLIENT_ID', options.clientId);
  return {
    async signUp(email, password) {
      let result;
      try {
        result = await client.send(
          new SignUpCommand({
            ClientId: appClient(),
            Username: email,
            Password: password,
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        );
      } catch (error) {
        if (errorName(error) === 'UsernameExistsException') throw new AccountExistsError();
        if (errorName(error) === 'InvalidPasswordException') throw new PasswordRejectedError();
        throw error;
      }
      if (!result.UserConfirmed) {
        await client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool(), Username: email }));
      }
      if (!result.UserSub) throw new Error('Identity provider returned no UserSub');
      return { sub: result.UserSub };
    },

    async signIn(email, password) {
      try {
        const result = await client.send(
          new InitiateAuthCommand({
            ClientId: appClient(),
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
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
        const result = await client.send(
          new InitiateAuthCommand({
            ClientId: appClient(),
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken },
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
        await client.send(new RevokeTokenCommand({ ClientId: appClient(), Token: refreshToken }));
      } catch (error) {
        // Already revoked, expired or its user gone: signed out either way.
        if (WRONG_CREDENTIALS.has(errorName(error))) return;
        throw error;
      }
    },

    async emailOf(sub) {
      try {
        // With email as the username attribute, Cognito's username is the sub itself.
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: sub }));
        return attribute(user.UserAttributes, 'email');
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return undefined;
        throw error;
      }
    },

    async setPassword(sub, password) {
      try {
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: pool(),
            Username: sub,
            Password: password,
            Permanent: true,
          }),
        );
      } catch (error) {
        if (errorName(error) === 'InvalidPasswordException') throw new PasswordRejectedError();
        throw error;
      }
    },
  };
}
