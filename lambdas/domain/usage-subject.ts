import { createHmac } from 'node:crypto';
import { viewerGroup } from '@wayfarer/shared/api/rate-limits';

/** Who a usage figure belongs to, as the http stack tells us. */
export type UsageCaller =
  | { readonly kind: 'anonymous'; readonly sourceIp: string | undefined }
  | {
      readonly kind: 'user';
      readonly sub: string;
      /** The address the call comes from: a free account's calls also count against its viewer group's pool. */
      readonly sourceIp: string | undefined;
    };

/** Keeps the two kinds of subject apart even if a sub ever looked like a hash. */
const ANONYMOUS_PREFIX = 'ip-';

export class MissingIpHashSecretError extends Error {
  override readonly name = 'MissingIpHashSecretError';
  constructor() {
    super('IP_HASH_SECRET is not configured: anonymous usage cannot be counted without it');
  }
}

/**
 * The subject usage is counted against: a signed-in caller's sub, or a keyed hash of an anonymous caller's IP.
 * Keyed so the table never holds anything from which the IP could be recovered by hashing every address.
 */
export function usageSubject(caller: UsageCaller, ipHashSecret: string | undefined): string {
  if (caller.kind === 'user') return caller.sub;
  if (ipHashSecret === undefined) throw new MissingIpHashSecretError();
  // Callers without an address (never seen behind API Gateway) share one allowance rather than get their own.
  // An IPv6 caller counts by its /64, as the rate limits do: one subscriber's network, any address inside it
  // at the client's choice, must not be a fresh allowance per address.
  const digest = createHmac('sha256', ipHashSecret)
    .update(caller.sourceIp === undefined ? 'unknown' : viewerGroup(caller.sourceIp))
    .digest('hex');
  return `${ANONYMOUS_PREFIX}${digest}`;
}

/**
 * A keyed hash of the viewer group an address belongs to (IPv4 itself, IPv6 by /64): what a speech ticket is bound
 * to, so that only a socket from the same group can use it. Equal to an anonymous caller's subject.
 */
export function viewerHash(sourceIp: string | undefined, ipHashSecret: string | undefined): string {
  return usageSubject({ kind: 'anonymous', sourceIp }, ipHashSecret);
}

/** Keeps a viewer group's pool of free accounts apart from the group's own anonymous count. */
const ACCOUNTS_PREFIX = 'accounts-';

/**
 * The subject the free accounts calling from one viewer group share (DAILY_CEILINGS.*.accountsOfViewerGroup): the
 * group's keyed hash, as an anonymous caller's, under its own prefix so the two days are counted apart.
 */
export function viewerGroupAccountsSubject(
  sourceIp: string | undefined,
  ipHashSecret: string | undefined,
): string {
  return `${ACCOUNTS_PREFIX}${viewerHash(sourceIp, ipHashSecret)}`;
}

/** True for the subject of an anonymous caller (a keyed IP hash), false for a user's sub. */
export const isAnonymousSubject = (subject: string): boolean => subject.startsWith(ANONYMOUS_PREFIX);

/** The http stack's caller, as usage sees it: an anonymous caller by its address, a signed-in one by its sub. */
export function usageCallerOf(
  auth: { readonly kind: 'anonymous' } | { readonly kind: 'user'; readonly sub: string },
  sourceIp: string | undefined,
): UsageCaller {
  return auth.kind === 'user' ? { kind: 'user', sub: auth.sub, sourceIp } : { kind: 'anonymous', sourceIp };
}
