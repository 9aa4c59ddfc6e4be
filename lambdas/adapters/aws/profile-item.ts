import type { UserProfile } from '../../ports/users';
import { tableDefinition } from './table-definition';

/*
 * What reading a profile needs, in a module of its own (as rates-item.ts): table.ts imports @aws-sdk/lib-dynamodb,
 * which is not marked free of side effects, so the vision function, whose openai client leaves no room for the
 * DynamoDB client, reads the profile through signed-get-item.ts with these. table.ts re-exports them.
 */

const TTL = tableDefinition.timeToLiveAttribute;

export const epochSeconds = (at: Date = new Date()): number => Math.floor(at.getTime() / 1000);

/** False once the item's `expiresAt` has passed (the table may still hold it). */
export function isLive(item: Record<string, unknown>, now: Date = new Date()): boolean {
  const expiresAt = item[TTL];
  return typeof expiresAt !== 'number' || expiresAt > epochSeconds(now);
}

/** The profile a `USER#<sub>` / `PROFILE` item holds, or undefined when there is none (or it has expired). */
export function profileFromItem(
  sub: string,
  item: Record<string, unknown> | undefined,
): UserProfile | undefined {
  if (!item || !isLive(item) || typeof item.email !== 'string') return undefined;
  return {
    sub,
    email: item.email,
    subscriptionStatus: (item.subscriptionStatus as UserProfile['subscriptionStatus'] | undefined) ?? 'NONE',
    ...(typeof item.stripeCustomerId === 'string' ? { stripeCustomerId: item.stripeCustomerId } : {}),
    cancelAtPeriodEnd: item.cancelAtPeriodEnd === true,
    currentPeriodEnd: typeof item.currentPeriodEnd === 'string' ? item.currentPeriodEnd : null,
  };
}
