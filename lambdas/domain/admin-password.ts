import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * The admin password is kept only as a scrypt hash (memory-hard, so a stolen hash is slow to guess), in
 * configuration: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>`. The README says how to make one;
 * the local cloud makes one from ADMIN_PASSWORD at start.
 */

const PREFIX = 'scrypt';
const KEY_LENGTH = 32;
// N = 2^15, r = 8: about 32 MB and a few tens of milliseconds per check, OWASP's scrypt minimum or above.
const DEFAULT_COST = { log2N: 15, r: 8, p: 1 } as const;

function derive(
  password: string,
  salt: Buffer,
  cost: { log2N: number; r: number; p: number },
): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashAdminPassword(
  password: string,
  cost: { log2N: number; r: number; p: number } = DEFAULT_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [PREFIX, cost.log2N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export class InvalidAdminPasswordHashError extends Error {
  override readonly name = 'InvalidAdminPasswordHashError';
  constructor() {
    super('ADMIN_PASSWORD_HASH: expected scrypt$<log2 N>$<r>$<p>$<salt>$<key> (see the README)');
  }
}

interface ParsedHash {
  readonly cost: { log2N: number; r: number; p: number };
  readonly salt: Buffer;
  readonly key: Buffer;
}

function parseHash(encoded: string): ParsedHash {
  const [prefix, log2N, r, p, salt, key, ...rest] = encoded.split('$');
  const numbers = [log2N, r, p].map(Number);
  if (
    prefix !== PREFIX ||
    rest.length > 0 ||
    !salt ||
    !key ||
    numbers.some((value) => !Number.isInteger(value) || value < 1) ||
    (numbers[0] as number) > 20
  ) {
    throw new InvalidAdminPasswordHashError();
  }
  return {
    cost: { log2N: numbers[0] as number, r: numbers[1] as number, p: numbers[2] as number },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

/** True when the password matches the hash; the comparison takes the same time whatever the bytes. */
export async function adminPasswordMatches(password: string, encodedHash: string): Promise<boolean> {
  const { cost, salt, key } = parseHash(encodedHash);
  const candidate = await derive(password, salt, cost);
  return candidate.length === key.length && timingSafeEqual(candidate, key);
}
