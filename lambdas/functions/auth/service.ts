import type {
  ChangePasswordRequest,
  LoginRequest,
  PasswordConfirmationRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
  User,
  VerifyEmailRequest,
} from '@wayfarer/shared/api/auth';
import { REFRESH_SESSION_SECONDS } from '@wayfarer/shared/constants';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import {
  changePasswordFormSchema,
  newPasswordSchema,
  registerFormSchema,
} from '@wayfarer/shared/domain/password-rules';
import type { UserProfiles } from '../../ports/users';
import {
  AccountExistsError,
  InvalidCredentialsError,
  PasswordRejectedError,
  RefreshRejectedError,
  type AttemptWindows,
  type Identity,
  type IdentitySession,
  type RefreshSessions,
  type ResetTokens,
  type VerificationTokens,
} from '../../ports/identity';
import { BadRequestError, ConflictError, UnauthorizedError, ValidationError } from '../../http/errors';
import {
  ACCOUNTS_PER_VIEWER_GROUP,
  createAccountPlaces,
  createAttemptLimiter,
  normaliseEmail,
  type AttemptLimiterPorts,
  type CallerAddress,
} from '../../domain/attempt-limits';
import { hashMailedToken } from '../../domain/reset-link';
import { confirmPassword } from '../../domain/password-confirmation';

export interface AuthServicePorts extends AttemptLimiterPorts {
  /** Windows that can be reserved from: a new account takes one of its network's places for the day. */
  readonly attempts: AttemptWindows;
  /** Accounts one viewer group may create in a UTC day; ACCOUNTS_PER_VIEWER_GROUP unless configured. */
  readonly accountsPerViewerGroup?: number;
  readonly identity: Identity;
  readonly users: UserProfiles;
  readonly sessions: RefreshSessions;
  /** Only redeemed here: tokens are made and mailed by the password-reset consumer (./reset-link). */
  readonly resetTokens: Pick<ResetTokens, 'redeem'>;
  /** Only redeemed here: made and mailed by the verification-mail consumer, as reset tokens are. */
  readonly verificationTokens: Pick<VerificationTokens, 'redeem'>;
}

/** The caller of `me` and `refresh`: the verified token and its subject. */
export interface SignedInCaller {
  readonly sub: string;
  readonly token: string;
}

export function createAuthService(ports: AuthServicePorts) {
  const { identity, users, sessions, resetTokens, verificationTokens, clock } = ports;
  const limitAttempts = createAttemptLimiter(ports);
  const takeAccountPlace = createAccountPlaces({
    ...ports,
    perViewerGroup: ports.accountsPerViewerGroup ?? ACCOUNTS_PER_VIEWER_GROUP,
  });

  async function userOf(sub: string, knownEmail?: string): Promise<User> {
    const profile = await users.getProfile(sub);
    if (profile) return { email: profile.email, subscriptionStatus: profile.subscriptionStatus };
    // An account made outside this app (console, import) gets its profile on first use.
    const email = knownEmail ?? (await identity.emailOf(sub));
    if (!email) throw new UnauthorizedError();
    await users.createProfile({
      sub,
      email,
      subscriptionStatus: 'NONE',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });
    return { email, subscriptionStatus: 'NONE' };
  }

  async function startSession(session: IdentitySession, knownEmail?: string): Promise<SessionResponse> {
    await sessions.save({
      accessToken: session.accessToken,
      sub: session.sub,
      refreshToken: session.refreshToken,
      // Reachable only with this access token, expired or not: the refresh call takes an expired one, so the
      // session lasts as long as the refresh token does (docs/DESIGN.md §9).
      expiresAt: Math.max(
        session.accessTokenExpiresAt,
        Math.floor(clock.now().getTime() / 1000) + REFRESH_SESSION_SECONDS,
      ),
    });
    return { token: session.accessToken, user: await userOf(session.sub, knownEmail) };
  }

  /**
   * Ends every session of the account: ours first (our refresh needs them), then the provider's own refresh tokens,
   * and its access tokens for its own calls (docs/DESIGN.md §9, Sessions). An access token already handed out lives
   * out its hour on our API, where nothing can refresh it.
   */
  async function endEverySession(sub: string): Promise<void> {
    await sessions.endAll(sub);
    await identity.signOutEverywhere(sub);
  }

  return {
    async login(request: LoginRequest, caller: CallerAddress): Promise<SessionResponse> {
      const email = normaliseEmail(request.email);
      await limitAttempts('auth', 'login', { email, ip: caller.ip });
      let session: IdentitySession;
      try {
        session = await identity.signIn(email, request.password);
      } catch (error) {
        // Unknown e-mail and wrong password give the same answer: nobody learns which accounts exist.
        if (error instanceof InvalidCredentialsError) {
          throw new UnauthorizedError(ACCOUNT_ERROR_KEYS.loginFailed, { cause: error });
        }
        throw error;
      }
      return startSession(session);
    },

    async register(request: RegisterRequest, caller: CallerAddress): Promise<SessionResponse> {
      const email = normaliseEmail(request.email);
      await limitAttempts('auth', 'register', { email, ip: caller.ip });
      // The same rules and messages as the register form (docs/SPEC.md §5).
      const checked = registerFormSchema.safeParse({ ...request, email });
      if (!checked.success) throw new ValidationError(checked.error.issues[0]?.message);
      // Taken before the sign-up, so parallel registrations cannot pass a count made before any of them counted.
      const place = await takeAccountPlace(caller);
      let sub: string;
      try {
        ({ sub } = await identity.signUp(email, request.password));
      } catch (error) {
        // A refused sign-up made no account (the address was taken, the provider's policy refused the password, or
        // the provider could not be reached after the SDK's retries): its place is the network's again.
        await place.release();
        if (error instanceof AccountExistsError) {
          throw new ConflictError(ACCOUNT_ERROR_KEYS.registrationFailed, { cause: error });
        }
        if (error instanceof PasswordRejectedError) throw new ValidationError(undefined, { cause: error });
        throw error;
      }
      await users.createProfile({
        sub,
        email,
        subscriptionStatus: 'NONE',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      });
      return startSession(await identity.signIn(email, request.password), email);
    },

    async resetPassword(request: ResetPasswordRequest, caller: CallerAddress): Promise<{ message: string }> {
      await limitAttempts('password-reset', 'reset', { ip: caller.ip });
      // Checked before the token is spent, so a weak password does not cost the user their link.
      const checked = newPasswordSchema.safeParse(request.password);
      if (!checked.success) throw new ValidationError(checked.error.issues[0]?.message);
      const sub = await resetTokens.redeem(hashMailedToken(request.token), clock.now());
      if (!sub) throw new BadRequestError(ACCOUNT_ERROR_KEYS.invalidToken);
      try {
        await identity.setPassword(sub, request.password);
      } catch (error) {
        if (error instanceof PasswordRejectedError) throw new ValidationError(undefined, { cause: error });
        throw error;
      }
      // Whoever knew the old password may hold a session: none of them outlives its access token now.
      await endEverySession(sub);
      // The link came by mail to the account's address: following it proves the owner reads that mail.
      await identity.markEmailVerified(sub);
      return { message: 'Your password has been reset.' };
    },

    /**
     * POST /api/auth/verify-email: the mailed link's token, once. A token that is unknown, used, expired or whose
     * account is gone gets one answer, which names no account.
     */
    async verifyEmail(request: VerifyEmailRequest, caller: CallerAddress): Promise<{ message: string }> {
      await limitAttempts('auth', 'verify', { ip: caller.ip });
      const sub = await verificationTokens.redeem(hashMailedToken(request.token), clock.now());
      if (!sub || !(await identity.markEmailVerified(sub))) {
        throw new BadRequestError(ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken);
      }
      return { message: 'Your e-mail address is verified.' };
    },

    /**
     * POST /api/auth/change-password: the current password proves the owner; the new one follows docs/SPEC.md §5.
     * Every session ends, then this browser gets a fresh one signed in with the new password: every other device
     * is signed out.
     */
    async changePassword(
      request: ChangePasswordRequest,
      caller: SignedInCaller & CallerAddress,
    ): Promise<SessionResponse> {
      // The new password's rules first: a refused one costs no attempt and changes nothing.
      const checked = changePasswordFormSchema.safeParse(request);
      if (!checked.success) throw new ValidationError(checked.error.issues[0]?.message);
      const { email } = await confirmPassword(
        { identity, users, limit: limitAttempts },
        caller.sub,
        request.currentPassword,
        caller,
      );
      try {
        await identity.setPassword(caller.sub, request.newPassword);
      } catch (error) {
        if (error instanceof PasswordRejectedError) throw new ValidationError(undefined, { cause: error });
        throw error;
      }
      await endEverySession(caller.sub);
      return startSession(await identity.signIn(email, request.newPassword), email);
    },

    /**
     * POST /api/auth/sign-out-everywhere: every other session ends (a lost phone, a shared computer); this browser
     * stays signed in with a fresh session. The password is asked again, so a stolen token cannot sign the owner out.
     */
    async signOutEverywhere(
      request: PasswordConfirmationRequest,
      caller: SignedInCaller & CallerAddress,
    ): Promise<SessionResponse> {
      const { email } = await confirmPassword(
        { identity, users, limit: limitAttempts },
        caller.sub,
        request.password,
        caller,
      );
      await endEverySession(caller.sub);
      return startSession(await identity.signIn(email, request.password), email);
    },

    async me(caller: SignedInCaller): Promise<User> {
      return userOf(caller.sub);
    },

    /** POST /api/auth/logout: revokes the session's refresh token with the provider and forgets the session. */
    async logout(caller: SignedInCaller): Promise<{ ok: true }> {
      const stored = await sessions.take(caller.token, clock.now());
      if (stored && stored.sub === caller.sub) await identity.revoke(stored.refreshToken);
      return { ok: true };
    },

    async refresh(caller: SignedInCaller): Promise<SessionResponse> {
      const stored = await sessions.take(caller.token, clock.now());
      if (!stored || stored.sub !== caller.sub) throw new UnauthorizedError();
      let session: IdentitySession;
      try {
        session = await identity.refresh(stored.sub, stored.refreshToken);
      } catch (error) {
        if (error instanceof RefreshRejectedError) throw new UnauthorizedError(undefined, { cause: error });
        throw error;
      }
      return startSession(session);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
