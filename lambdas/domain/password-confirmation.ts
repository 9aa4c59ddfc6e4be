import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { InvalidCredentialsError, type Identity, type IdentitySession } from '../ports/identity';
import type { UserProfiles } from '../ports/users';
import type { AttemptLimiter, CallerAddress } from './attempt-limits';

export interface PasswordConfirmationPorts {
  readonly identity: Pick<Identity, 'signIn' | 'emailOf'>;
  readonly users: Pick<UserProfiles, 'getProfile'>;
  readonly limit: AttemptLimiter;
}

/**
 * Proves that the holder of an access token also knows the account's password (docs/DESIGN.md §9): the calls that
 * change the password, end the other sessions or delete the account take it, so a stolen token alone can do none of
 * them. A sign-in with the password is the proof, counted as a login attempt (per address and per e-mail), so a
 * thief holding a token cannot guess the password faster than a login could. A wrong password is a 403: a 401 would
 * end the traveller's own session in the app.
 */
export async function confirmPassword(
  ports: PasswordConfirmationPorts,
  sub: string,
  password: string,
  caller: CallerAddress,
): Promise<{ readonly email: string; readonly session: IdentitySession }> {
  const email = (await ports.users.getProfile(sub))?.email ?? (await ports.identity.emailOf(sub));
  if (email === undefined) throw new UnauthorizedError();
  await ports.limit('auth', 'confirm-password', { email, ip: caller.ip });
  let session: IdentitySession;
  try {
    session = await ports.identity.signIn(email, password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      throw new ForbiddenError(ACCOUNT_ERROR_KEYS.wrongPassword, { cause: error });
    }
    throw error;
  }
  // The address is the pool's username: another account can never answer for it, but a check costs nothing.
  if (session.sub !== sub) throw new ForbiddenError(ACCOUNT_ERROR_KEYS.wrongPassword);
  return { email, session };
}
