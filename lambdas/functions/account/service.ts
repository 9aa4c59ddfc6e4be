import type { PasswordConfirmationRequest } from '@wayfarer/shared/api/auth';
import {
  KEPT_ONLY_ON_THE_DEVICE,
  NEVER_KEPT_ON_THE_SERVER,
  type AccountExport,
} from '@wayfarer/shared/api/account';
import type { AttemptLimiter, CallerAddress } from '../../domain/attempt-limits';
import { confirmPassword } from '../../domain/password-confirmation';
import { UnauthorizedError } from '../../http/errors';
import type { AccountRecords } from '../../ports/account';
import type { Billing } from '../../ports/billing';
import type { Identity } from '../../ports/identity';
import type { Clock, Events } from '../../ports/platform';
import type { UserProfiles } from '../../ports/users';

export interface AccountPorts {
  readonly identity: Pick<Identity, 'signIn' | 'emailOf' | 'revoke' | 'signOutEverywhere' | 'deleteUser'>;
  readonly users: Pick<UserProfiles, 'getProfile'>;
  readonly records: AccountRecords;
  /** Built only for an account with a Stripe customer: most accounts never subscribed. */
  readonly billing: () => Promise<Pick<Billing, 'deleteCustomer'>>;
  readonly events: Events;
  readonly limit: AttemptLimiter;
  readonly clock: Clock;
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/**
 * POST /api/account/export, confirmed with the password (docs/SPEC.md §7, docs/DESIGN.md §9): everything the server
 * holds about the caller's account. The sign-in that proves the password opens a session nobody will use, so it is
 * revoked at once and leaves no trace among the open sessions.
 */
export async function exportAccount(
  ports: AccountPorts,
  sub: string,
  request: PasswordConfirmationRequest,
  caller: CallerAddress,
): Promise<AccountExport> {
  const { session } = await confirmPassword(
    { identity: ports.identity, users: ports.users, limit: ports.limit },
    sub,
    request.password,
    caller,
  );
  await ports.identity.revoke(session.refreshToken);
  const profile = await ports.users.getProfile(sub);
  if (!profile) throw new UnauthorizedError();
  const now = ports.clock.now();
  const [usage, sessions] = await Promise.all([
    ports.records.usageByDay(sub, now),
    ports.records.openSessions(sub, now),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: { email: profile.email, subscriptionStatus: profile.subscriptionStatus },
    subscription: {
      status: profile.subscriptionStatus,
      cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
      currentPeriodEnd: profile.currentPeriodEnd,
      hasPaymentCustomer: profile.stripeCustomerId !== undefined,
    },
    allowanceUseByDay: usage,
    openSessions: sessions.map((session) => ({ endsAt: iso(session.endsAt) })),
    keptOnlyOnTheDevice: KEPT_ONLY_ON_THE_DEVICE,
    neverKeptOnTheServer: NEVER_KEPT_ON_THE_SERVER,
  };
}

/**
 * DELETE /api/account, confirmed with the password (docs/SPEC.md §7, docs/DESIGN.md §9). Stripe first, so no
 * further charge can follow whatever fails later; then the table, then the Cognito user: until that last step the
 * traveller can still sign in and ask again, and a profile is made afresh on sign-in, so a deletion cut short is
 * finished by the next one. The goodbye goes through the bus to the mail area.
 */
export async function deleteAccount(
  ports: AccountPorts,
  sub: string,
  request: PasswordConfirmationRequest,
  caller: CallerAddress,
): Promise<{ ok: true }> {
  const { email } = await confirmPassword(
    { identity: ports.identity, users: ports.users, limit: ports.limit },
    sub,
    request.password,
    caller,
  );
  const profile = await ports.users.getProfile(sub);
  if (profile?.stripeCustomerId !== undefined) {
    await (await ports.billing()).deleteCustomer(profile.stripeCustomerId);
  }
  await ports.records.eraseAll(sub, ports.clock.now());
  await ports.identity.signOutEverywhere(sub);
  await ports.identity.deleteUser(sub);
  await ports.events.publish('accountDeleted', { email });
  return { ok: true };
}
