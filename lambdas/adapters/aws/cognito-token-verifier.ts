import { CognitoJwtVerifier } from 'aws-jwt-verify';
import {
  FetchError,
  JwksNotAvailableInCacheError,
  JwksValidationError,
  JwtBaseError,
  ParameterValidationError,
} from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { REFRESH_SESSION_SECONDS } from '@wayfarer/shared/constants';
import type { Jwks } from '../../config';
import type { TokenVerifier } from '../../ports/identity';

export interface CognitoTokenVerifierOptions {
  readonly userPoolId: string;
  readonly clientId: string;
  /**
   * A key set to trust without fetching it (cognito-local's, in the local cloud). When given, the verifier
   * never goes to the network: an unknown key id is then a bad token, not a reason to ask AWS.
   */
  readonly preloadedJwks?: Jwks;
}

// Failures of the verifier's own machinery (keys unreachable or malformed, bad set-up) are server faults;
// every other JwtBaseError says something about the token, which makes it a 401.
function isServerFault(error: unknown): boolean {
  return (
    error instanceof FetchError ||
    error instanceof JwksValidationError ||
    error instanceof JwksNotAvailableInCacheError ||
    error instanceof ParameterValidationError
  );
}

/** Access tokens of one user pool and app client, checked with aws-jwt-verify in AWS and locally alike. */
export function createCognitoTokenVerifier(options: CognitoTokenVerifierOptions): TokenVerifier {
  const preloaded = options.preloadedJwks;
  const jwksCache = preloaded
    ? new SimpleJwksCache({
        fetcher: {
          fetch: async () => new TextEncoder().encode(JSON.stringify(preloaded)).buffer as ArrayBuffer,
        },
      })
    : undefined;
  const verifier = CognitoJwtVerifier.create(
    { userPoolId: options.userPoolId, clientId: options.clientId, tokenUse: 'access' },
    jwksCache ? { jwksCache } : undefined,
  );
  if (preloaded) verifier.cacheJwks(preloaded as Parameters<typeof verifier.cacheJwks>[0]);
  // The same checks, with the expiry moved back by a refresh session's life: for the refresh and logout calls.
  const lenient = CognitoJwtVerifier.create(
    {
      userPoolId: options.userPoolId,
      clientId: options.clientId,
      tokenUse: 'access',
      graceSeconds: REFRESH_SESSION_SECONDS,
    },
    jwksCache ? { jwksCache } : undefined,
  );
  if (preloaded) lenient.cacheJwks(preloaded as Parameters<typeof lenient.cacheJwks>[0]);

  // aws-jwt-verify reads a token's issuer before checking it and throws a plain Error when there is none, so
  // the issuer is matched here first: any other issuer is simply not one of our tokens.
  const region = options.userPoolId.split('_')[0] ?? '';
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${options.userPoolId}`;

  return {
    async verifyAccessToken(token, verifyOptions) {
      try {
        if (decomposeUnverifiedJwt(token).payload.iss !== issuer) return undefined;
        const claims = await (verifyOptions?.allowExpired ? lenient : verifier).verify(token);
        return { sub: claims.sub, expiresAt: claims.exp };
      } catch (error) {
        if (error instanceof JwtBaseError && !isServerFault(error)) return undefined;
        throw error;
      }
    },
  };
}
