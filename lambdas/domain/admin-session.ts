import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AdminSessionVerifier } from '../ports/identity';

/*
 * The admin dashboard's session (docs/SPEC.md §6: admin is a shared password, not a role): a cookie holding its
 * expiry and an HMAC of it. The HMAC key is derived from the configured password hash, so changing the password
 * ends every session, and nothing about sessions is stored.
 */

export const ADMIN_SESSION_COOKIE = 'wayfarer-admin';
/** The cookie goes only to the analytics calls. */
const COOKIE_PATH = '/api/analytics';

function signingKey(passwordHash: string): Buffer {
  return createHmac('sha256', passwordHash).update('wayfarer admin session v1').digest();
}

function signature(passwordHash: string, expiresAt: number): Buffer {
  return createHmac('sha256', signingKey(passwordHash)).update(String(expiresAt)).digest();
}

export function adminSessionToken(passwordHash: string, expiresAt: number): string {
  return `${expiresAt}.${signature(passwordHash, expiresAt).toString('base64url')}`;
}

/** True for a token this hash signed whose expiry (epoch seconds) is still ahead. */
export function isValidAdminSessionToken(
  passwordHash: string,
  token: string | undefined,
  nowSeconds: number,
): boolean {
  if (token === undefined) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt <= nowSeconds) return false;
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = signature(passwordHash, expiresAt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Only an address a browser treats as this machine, reached over plain HTTP, goes without `Secure` (the local
 * cloud); everything else, production behind CloudFront included, is Secure.
 */
export function isPlainHttpLocalhost(headers: Readonly<Record<string, string>>): boolean {
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  const host = (headers['host'] ?? '').toLowerCase().replace(/:\d+$/, '');
  const loopback = host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  return proto === 'http' && loopback;
}

export function adminSessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${ADMIN_SESSION_COOKIE}=${token}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The http stack's admin check over the configured hash (undefined: no admin, the dashboard is disabled). */
export function createAdminSessionVerifier(
  passwordHash: () => Promise<string | undefined>,
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
): AdminSessionVerifier {
  return {
    async checkAdminSession(cookies) {
      const hash = await passwordHash();
      if (hash === undefined) return 'disabled';
      return isValidAdminSessionToken(hash, cookies[ADMIN_SESSION_COOKIE], nowSeconds())
        ? 'valid'
        : 'invalid';
    },
  };
}
