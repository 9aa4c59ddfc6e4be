import { createPrivateKey, createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';

// Helpers for the auth integration tests: calls to the local cloud's gateway, and tokens minted with
// cognito-local's published private key (the one the local verifier trusts) to test expiry and forgery.

/**
 * The gateway of the local cloud that the integration project starts (infra/local/testing/global-setup.ts).
 * Its ProvidedContext typing lives in infra, which lambdas may not import, hence the cast.
 */
export function localCloudUrl(): string {
  return ((inject as (name: string) => unknown)('localCloud') as { readonly url: string }).url;
}

export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
}

export async function callApi(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: { json?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(new URL(apiPath, baseUrl), { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the assertion shows it.
  }
  return { status: response.status, body: parsed };
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** Meets every rule of docs/SPEC.md §5. */
export const GOOD_PASSWORD = 'Travel!2024x';
export const OTHER_GOOD_PASSWORD = 'Voyage$2025y';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function cognitoLocalPrivateJwk(): Record<string, string> {
  const packageJson = createRequire(import.meta.url).resolve('cognito-local/package.json');
  const file = path.join(path.dirname(packageJson), 'lib/keys/cognitoLocal.private.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { jwk: Record<string, string> }).jwk;
}

/** An RS256 JWT signed with cognito-local's key, or with `key` when given (a forger's own key). */
export function signToken(
  claims: Record<string, unknown>,
  options: { kid?: string; key?: ReturnType<typeof createPrivateKey> } = {},
): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: options.kid ?? 'CognitoLocal' };
  const signingInput = `${base64url(header)}.${base64url(claims)}`;
  const key = options.key ?? createPrivateKey({ key: cognitoLocalPrivateJwk(), format: 'jwk' });
  const signature = createSign('RSA-SHA256').update(signingInput).sign(key).toString('base64url');
  return `${signingInput}.${signature}`;
}

/** The claims of a JWT, unverified (to copy a real token's claims into a forged or expired one). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** Waits (bounded) for a condition something after the call makes true (the bus, a consumer): polls, never sleeps blind. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
