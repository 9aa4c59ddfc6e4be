import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { AccountExistsError, PasswordRejectedError } from '../../ports/identity';
import { createCognitoIdentity, secretHash } from './cognito-identity';

// cognito-local checks no SECRET_HASH, so the integration tests cannot: here the real SDK client serialises each
// call and a fake answers it the way Cognito would, and the test reads what was sent.

const CLIENT_ID = 'appclientid0000000000000001';
const CLIENT_SECRET = 'the-client-secret';
const POOL_ID = 'us-east-1_Pool1';
const SUB = '8d1f6a52-0000-4000-8000-000000000001';
const EMAIL = 'traveller@example.com';

function accessToken(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ sub, exp: 2_000_000_000, username: sub })}.sig`;
}

type Answer = Record<string, unknown> | { readonly error: string; readonly status?: number };

interface Sent {
  readonly target: string;
  readonly body: Record<string, unknown>;
}

function fakeCognito(answers: Record<string, Answer>) {
  const sent: Sent[] = [];
  const client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
        const target = (request.headers['x-amz-target'] ?? '').replace(
          'AWSCognitoIdentityProviderService.',
          '',
        );
        const text =
          request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : String(request.body);
        sent.push({ target, body: JSON.parse(text) as Record<string, unknown> });
        const answer = answers[target] ?? {};
        const failed = 'error' in answer;
        return {
          response: {
            statusCode: failed ? ((answer.status as number | undefined) ?? 400) : 200,
            headers: {
              'content-type': 'application/x-amz-json-1.1',
              ...(failed ? { 'x-amzn-errortype': answer.error } : {}),
            },
            body: Readable.from([
              Buffer.from(JSON.stringify(failed ? { __type: answer.error, message: 'no' } : answer)),
            ]),
          },
        };
      },
    },
  });
  const identity = createCognitoIdentity({
    region: 'us-east-1',
    userPoolId: POOL_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    client,
  });
  return { identity, sent };
}

const tokens = {
  AuthenticationResult: { AccessToken: accessToken(SUB), RefreshToken: 'refresh-1', IdToken: 'id' },
};

describe('the confidential app client: only the holder of its secret can use it', () => {
  it('computes SECRET_HASH as base64(HMAC-SHA256(secret, username + client id)), as Cognito documents', () => {
    const expected = createHmac('sha256', CLIENT_SECRET).update(`${EMAIL}${CLIENT_ID}`).digest('base64');
    expect(secretHash(CLIENT_SECRET, EMAIL, CLIENT_ID)).toBe(expected);
  });

  it('signs in with the admin flow and a SECRET_HASH of the e-mail it signs in with', async () => {
    const { identity, sent } = fakeCognito({ AdminInitiateAuth: tokens });
    const session = await identity.signIn(EMAIL, 'Travel!2024x');
    expect(session).toMatchObject({ sub: SUB, refreshToken: 'refresh-1' });
    expect(sent).toEqual([
      {
        target: 'AdminInitiateAuth',
        body: {
          UserPoolId: POOL_ID,
          ClientId: CLIENT_ID,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: {
            USERNAME: EMAIL,
            PASSWORD: 'Travel!2024x',
            SECRET_HASH: secretHash(CLIENT_SECRET, EMAIL, CLIENT_ID),
          },
        },
      },
    ]);
  });

  it('refreshes with a SECRET_HASH of the username the pool knows the account by, not the e-mail', async () => {
    const { identity, sent } = fakeCognito({
      AdminGetUser: { Username: 'pool-username-1', UserAttributes: [{ Name: 'email', Value: EMAIL }] },
      AdminInitiateAuth: { AuthenticationResult: { AccessToken: accessToken(SUB) } },
    });
    const session = await identity.refresh(SUB, 'refresh-1');
    expect(session.refreshToken).toBe('refresh-1');
    expect(sent.map((call) => call.target)).toEqual(['AdminGetUser', 'AdminInitiateAuth']);
    expect(sent[0]?.body).toEqual({ UserPoolId: POOL_ID, Username: SUB });
    expect(sent[1]?.body).toEqual({
      UserPoolId: POOL_ID,
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: {
        REFRESH_TOKEN: 'refresh-1',
        SECRET_HASH: secretHash(CLIENT_SECRET, 'pool-username-1', CLIENT_ID),
      },
    });
  });

  it('revokes with the client secret', async () => {
    const { identity, sent } = fakeCognito({ RevokeToken: {} });
    await identity.revoke('refresh-1');
    expect(sent).toEqual([
      {
        target: 'RevokeToken',
        body: { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET, Token: 'refresh-1' },
      },
    ]);
  });

  it('signs the account out everywhere (AdminUserGlobalSignOut): its refresh tokens and access tokens die', async () => {
    const { identity, sent } = fakeCognito({ AdminUserGlobalSignOut: {} });
    await identity.signOutEverywhere(SUB);
    expect(sent).toEqual([
      { target: 'AdminUserGlobalSignOut', body: { UserPoolId: POOL_ID, Username: SUB } },
    ]);
  });

  it("tolerates only cognito-local's answer that it lacks AdminUserGlobalSignOut, and an account already gone", async () => {
    // cognito-local 5.3.0 answers an unimplemented call with HTTP 500 and this type (its server.js).
    const local = fakeCognito({
      AdminUserGlobalSignOut: { error: 'CognitoLocal#Unsupported', status: 500 },
    });
    await expect(local.identity.signOutEverywhere(SUB)).resolves.toBeUndefined();
    const gone = fakeCognito({ AdminUserGlobalSignOut: { error: 'UserNotFoundException' } });
    await expect(gone.identity.signOutEverywhere(SUB)).resolves.toBeUndefined();
    const refused = fakeCognito({ AdminUserGlobalSignOut: { error: 'NotAuthorizedException' } });
    await expect(refused.identity.signOutEverywhere(SUB)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('registers with admin calls only: created without a message, then its password set for good', async () => {
    const { identity, sent } = fakeCognito({
      AdminCreateUser: { User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } },
      AdminSetUserPassword: {},
    });
    expect(await identity.signUp(EMAIL, 'Travel!2024x')).toEqual({ sub: SUB });
    expect(sent).toEqual([
      {
        target: 'AdminCreateUser',
        body: {
          UserPoolId: POOL_ID,
          Username: EMAIL,
          // Unverified: the owner verifies it by following the mailed link.
          UserAttributes: [{ Name: 'email', Value: EMAIL }],
          MessageAction: 'SUPPRESS',
        },
      },
      {
        target: 'AdminSetUserPassword',
        body: { UserPoolId: POOL_ID, Username: SUB, Password: 'Travel!2024x', Permanent: true },
      },
    ]);
  });

  it('answers AccountExistsError for a known e-mail', async () => {
    const { identity } = fakeCognito({ AdminCreateUser: { error: 'UsernameExistsException' } });
    await expect(identity.signUp(EMAIL, 'Travel!2024x')).rejects.toBeInstanceOf(AccountExistsError);
  });

  it('removes the half-made account when its password is refused, so the e-mail can register again', async () => {
    const { identity, sent } = fakeCognito({
      AdminCreateUser: { User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } },
      AdminSetUserPassword: { error: 'InvalidPasswordException' },
      AdminDeleteUser: {},
    });
    await expect(identity.signUp(EMAIL, 'weak')).rejects.toBeInstanceOf(PasswordRejectedError);
    expect(sent.map((call) => call.target)).toEqual([
      'AdminCreateUser',
      'AdminSetUserPassword',
      'AdminDeleteUser',
    ]);
    expect(sent[2]?.body).toEqual({ UserPoolId: POOL_ID, Username: SUB });
  });

  it('refuses to call Cognito without the client secret', async () => {
    const { sent } = fakeCognito({});
    const identity = createCognitoIdentity({
      region: 'us-east-1',
      userPoolId: POOL_ID,
      clientId: CLIENT_ID,
      clientSecret: undefined,
    });
    await expect(identity.signIn(EMAIL, 'Travel!2024x')).rejects.toThrow(/COGNITO_CLIENT_SECRET/);
    expect(sent).toEqual([]);
  });
});
