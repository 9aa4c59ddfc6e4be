import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// The refresh token is sealed with a key only the access token yields, and the item is found by a different
// hash of it: a copy of the table alone holds no usable refresh token.

function sha256(purpose: string, value: string): Buffer {
  return createHash('sha256').update(purpose).update('\0').update(value).digest();
}

/** The id a refresh session is stored under (SESSION#<id>): a hash of its access token. */
export const sessionIdOf = (accessToken: string) => sha256('session-id', accessToken).toString('base64url');

/** The key that seals the session's refresh token, derived from the access token under its own label. */
export const sealingKeyOf = (accessToken: string) => sha256('session-key', accessToken);

/** AES-256-GCM: iv, tag and ciphertext in one base64 string. */
export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

export function unseal(sealed: string, key: Buffer): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
