import { describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_COOKIE,
  adminSessionCookie,
  adminSessionToken,
  createAdminSessionVerifier,
  isPlainHttpLocalhost,
  isValidAdminSessionToken,
} from './admin-session';
import { adminPasswordMatches, hashAdminPassword } from './admin-password';

const cheap = { log2N: 10, r: 8, p: 1 };

describe('admin password hash', () => {
  it('matches the password it was made from and nothing else', async () => {
    const hash = await hashAdminPassword('open sesame', cheap);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await adminPasswordMatches('open sesame', hash)).toBe(true);
    expect(await adminPasswordMatches('open sesame ', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashAdminPassword('same', cheap)).not.toBe(await hashAdminPassword('same', cheap));
  });

  it('refuses a malformed hash with a message naming the setting', async () => {
    await expect(adminPasswordMatches('x', 'plain-text')).rejects.toThrow(/ADMIN_PASSWORD_HASH/);
  });
});

describe('admin session', () => {
  const hash = 'scrypt$15$8$1$salt$key';

  it('accepts its own unexpired token and refuses an expired, forged or foreign one', () => {
    const token = adminSessionToken(hash, 2000);
    expect(isValidAdminSessionToken(hash, token, 1999)).toBe(true);
    expect(isValidAdminSessionToken(hash, token, 2000)).toBe(false);
    expect(isValidAdminSessionToken(hash, token.replace(/^2000/, '9999'), 1999)).toBe(false);
    expect(isValidAdminSessionToken('scrypt$15$8$1$other$key', token, 1999)).toBe(false);
    expect(isValidAdminSessionToken(hash, undefined, 1999)).toBe(false);
  });

  it('says disabled when no password hash is configured', async () => {
    const verifier = createAdminSessionVerifier(async () => undefined);
    expect(await verifier.checkAdminSession({})).toBe('disabled');
  });

  it('reads the session from its own cookie', async () => {
    const verifier = createAdminSessionVerifier(
      async () => hash,
      () => 1000,
    );
    const cookies = { [ADMIN_SESSION_COOKIE]: adminSessionToken(hash, 2000) };
    expect(await verifier.checkAdminSession(cookies)).toBe('valid');
    expect(await verifier.checkAdminSession({})).toBe('invalid');
  });

  it('is HttpOnly, SameSite=Strict, limited to the analytics calls, and Secure unless asked not to be', () => {
    expect(adminSessionCookie('t', 60, true)).toBe(
      `${ADMIN_SESSION_COOKIE}=t; Path=/api/analytics; Max-Age=60; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(adminSessionCookie('t', 60, false)).not.toContain('Secure');
  });

  it('treats only plain HTTP to a loopback host as localhost', () => {
    expect(isPlainHttpLocalhost({ host: 'localhost:8787', 'x-forwarded-proto': 'http' })).toBe(true);
    expect(isPlainHttpLocalhost({ host: '[::1]:8787', 'x-forwarded-proto': 'http' })).toBe(true);
    expect(isPlainHttpLocalhost({ host: 'localhost:8787', 'x-forwarded-proto': 'https' })).toBe(false);
    expect(isPlainHttpLocalhost({ host: 'wayfarer.example', 'x-forwarded-proto': 'http' })).toBe(false);
  });
});
