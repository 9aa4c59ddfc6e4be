import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { REFRESH_SESSION_SECONDS } from '@wayfarer/shared/constants';
import { createCognitoTokenVerifier } from './cognito-token-verifier';

// The verifier with a preloaded key set, as the local cloud runs it, but with a key made here: no network,
// no cognito-local. Its integration twin (functions/auth/handler.int.test.ts) uses cognito-local's tokens.

const USER_POOL_ID = 'eu-west-1_TestPool1';
const CLIENT_ID = 'testclient0000000000000001';
const ISSUER = `https://cognito-idp.eu-west-1.amazonaws.com/${USER_POOL_ID}`;

function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } as Record<
    string,
    string
  >;
  return { privateKey, jwk };
}

function sign(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

const trusted = keyPair('trusted');
const verifier = createCognitoTokenVerifier({
  userPoolId: USER_POOL_ID,
  clientId: CLIENT_ID,
  preloadedJwks: { keys: [trusted.jwk] },
});

function accessClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'user-1',
    iss: ISSUER,
    client_id: CLIENT_ID,
    token_use: 'access',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}

describe('createCognitoTokenVerifier with a preloaded key set', () => {
  it('accepts an expired access token only when asked (the refresh and logout calls), within the refresh session’s life', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = sign(accessClaims({ exp: now - 7200, iat: now - 10800 }), trusted.privateKey, 'trusted');
    const tooOld = sign(
      accessClaims({ exp: now - REFRESH_SESSION_SECONDS - 60, iat: now - REFRESH_SESSION_SECONDS - 3660 }),
      trusted.privateKey,
      'trusted',
    );
    const forged = sign(accessClaims({ exp: now - 7200 }), keyPair('forged').privateKey, 'trusted');

    expect(await verifier.verifyAccessToken(expired)).toBeUndefined();
    expect(await verifier.verifyAccessToken(expired, { allowExpired: true })).toMatchObject({
      sub: 'user-1',
    });
    expect(await verifier.verifyAccessToken(tooOld, { allowExpired: true })).toBeUndefined();
    expect(await verifier.verifyAccessToken(forged, { allowExpired: true })).toBeUndefined();
  });

  it('accepts an access token of the pool and client, telling its sub and expiry', async () => {
    const claims = accessClaims();

    const identity = await verifier.verifyAccessToken(sign(claims, trusted.privateKey, 'trusted'));

    expect(identity).toEqual({ sub: 'user-1', expiresAt: claims.exp });
  });

  it.each([
    ['expired', accessClaims({ exp: Math.floor(Date.now() / 1000) - 10 })],
    ['another issuer', accessClaims({ iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other' })],
    ['no issuer', accessClaims({ iss: undefined })],
    ['another client', accessClaims({ client_id: 'someoneelse0000000000000001' })],
    ['an id token', accessClaims({ token_use: 'id' })],
  ])('refuses a token that is %s', async (_label, claims) => {
    expect(await verifier.verifyAccessToken(sign(claims, trusted.privateKey, 'trusted'))).toBeUndefined();
  });

  it('refuses a forged signature and an unknown key id without going to the network', async () => {
    const forger = keyPair('forger');

    expect(
      await verifier.verifyAccessToken(sign(accessClaims(), forger.privateKey, 'trusted')),
    ).toBeUndefined();
    expect(
      await verifier.verifyAccessToken(sign(accessClaims(), forger.privateKey, 'forger')),
    ).toBeUndefined();
  });

  it('refuses what is not a JWT at all', async () => {
    for (const token of ['', 'abc', 'a.b.c', 'e30.e30.']) {
      expect(await verifier.verifyAccessToken(token)).toBeUndefined();
    }
  });
});

describe('COGNITO_JWKS in loadConfig', () => {
  const jwks = JSON.stringify({ keys: [trusted.jwk] });

  it('is trusted when the Cognito endpoint is on this machine', () => {
    const config = loadConfig({
      COGNITO_JWKS: jwks,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
    });

    expect(config.localCognitoJwks?.keys).toHaveLength(1);
  });

  it('is absent unless set', () => {
    expect(loadConfig({}).localCognitoJwks).toBeUndefined();
  });

  it.each([
    ['real Cognito', {}],
    ['a remote endpoint', { AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'https://cognito.example.com' }],
    [
      'a Lambda function',
      {
        AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
        AWS_LAMBDA_FUNCTION_NAME: 'auth',
      },
    ],
  ])('is refused with %s: the local key is public', (_label, environment) => {
    expect(() => loadConfig({ COGNITO_JWKS: jwks, ...environment })).toThrow(ConfigError);
  });

  it('is refused when it is not a key set', () => {
    expect(() =>
      loadConfig({
        COGNITO_JWKS: '{"nope":1}',
        AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://localhost:9229',
      }),
    ).toThrow(ConfigError);
  });
});
