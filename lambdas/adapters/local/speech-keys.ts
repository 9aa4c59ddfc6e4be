import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../ports/platform';
import type { SpeechKeys } from '../../ports/speech';
import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';

// The local stand-in for Deepgram's temporary keys: an HMAC-signed token naming the lease, the subject and an
// expiry, issued by GET /api/deepgram/key and checked by the local socket (engines/speech/socket.ts). Both
// run in the local cloud's environment, so they derive the same secret from it.

const KEY_VERSION = 'wf1';
const SECRET_LABEL = 'wayfarer local speech key v1';

/**
 * The signing secret, derived from IP_HASH_SECRET (which the local cloud keeps per data folder) under its own
 * label, so neither use of the secret can stand in for the other and no extra variable has to be set.
 */
export function localSpeechKeySecret(ipHashSecret: string): string {
  return createHmac('sha256', ipHashSecret).update(SECRET_LABEL).digest('base64url');
}

export interface KeyClaims {
  /** Lease id. */
  readonly lid: string;
  /** Subject (a sub or an IP hash: never an IP). */
  readonly sub: string;
  /** Epoch seconds after which the key opens no socket. */
  readonly exp: number;
  /** The lease's UTC day, so the socket can record what it saw on the lease (absent in older keys). */
  readonly day?: string;
}

const sign = (secret: string, payload: string): Buffer =>
  createHmac('sha256', secret).update(`${KEY_VERSION}.${payload}`).digest();

export function signLocalSpeechKey(secret: string, claims: KeyClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${KEY_VERSION}.${payload}.${sign(secret, payload).toString('base64url')}`;
}

const systemClock: Clock = { now: () => new Date() };

/** The claims of a key signed with this secret whose expiry has not passed; undefined for any other key. */
export function createLocalSpeechKeyReader(options: {
  readonly secret: string;
  readonly clock?: Clock;
}): (key: string) => KeyClaims | undefined {
  const clock = options.clock ?? systemClock;
  return (key) => {
    const [version, payload, signature, ...rest] = key.split('.');
    if (version !== KEY_VERSION || !payload || !signature || rest.length > 0) return undefined;
    const expected = sign(options.secret, payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: Partial<KeyClaims> | null;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<KeyClaims> | null;
    } catch {
      return undefined;
    }
    if (typeof claims?.lid !== 'string' || typeof claims.sub !== 'string') return undefined;
    const exp = claims.exp;
    if (typeof exp !== 'number' || exp * 1000 <= clock.now().getTime()) return undefined;
    return {
      lid: claims.lid,
      sub: claims.sub,
      exp,
      ...(typeof claims.day === 'string' ? { day: claims.day } : {}),
    };
  };
}

/** Accepts exactly the keys signed with this secret whose expiry has not passed. */
export function createLocalSpeechKeyVerifier(options: {
  readonly secret: string;
  readonly clock?: Clock;
}): (key: string) => boolean {
  const read = createLocalSpeechKeyReader(options);
  return (key) => read(key) !== undefined;
}

// A Host header is the caller's to write: only a plain host name or address with an optional port is used.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The local socket's address as the caller can reach it: the host it reached the API on (the socket shares the
 * gateway's port), else APP_URL's; `wss:` when the app is served over https.
 */
export function localSocketUrl(host: string | undefined, appUrl: string | undefined): string {
  const app = appUrl === undefined ? undefined : new URL(appUrl);
  const scheme = app?.protocol === 'https:' ? 'wss:' : 'ws:';
  const authority = host !== undefined && PLAIN_HOST.test(host) ? host : app?.host;
  if (!authority)
    throw new Error('Cannot tell the local speech socket address: no Host header and no APP_URL');
  return `${scheme}//${authority}${LISTEN_PATH}`;
}

/** Issues signed local keys for the local socket. */
export function createLocalSpeechKeys(options: {
  readonly secret: string;
  readonly appUrl: string | undefined;
  readonly clock?: Clock;
}): SpeechKeys {
  const clock = options.clock ?? systemClock;
  return {
    async issue({ leaseId, subject, ttlSeconds, day, host }) {
      const exp = Math.floor(clock.now().getTime() / 1000) + ttlSeconds;
      return {
        key: signLocalSpeechKey(options.secret, { lid: leaseId, sub: subject, exp, ...(day ? { day } : {}) }),
        url: localSocketUrl(host, options.appUrl),
        ttlSeconds,
      };
    },
  };
}
