import { createHmac } from 'node:crypto';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
  User,
} from '@wayfarer/shared/api/auth';
import type { RateLimitClass } from '@wayfarer/shared/api/route-types';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { registerFormSchema, resetPasswordSchema } from '@wayfarer/shared/domain/password-rules';
import type { UserProfiles } from '../../adapters/aws/auth-store';
import {
  AccountExistsError,
  InvalidCredentialsError,
  PasswordRejectedError,
  RefreshRejectedError,
  type AttemptCounters,
  type Clock,
  type Events,
  type Identity,
  type IdentitySession,
  type RefreshSessions,
  type ResetTokens,
} from '../../ports';
import {
  BadRequestError,
  ConflictError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors';
import { hashResetToken } from './reset-link';

interface AttemptLimit {
  readonly perEmail: number;
  readonly perIp: number;
  readonly windowSeconds: number;
}

// Per e-mail the limits stop guessing one account's password; per IP they stop spraying many accounts. The
// per-IP figures leave room for many people behind one address (a hotel, a carrier's NAT).
export const ATTEMPT_LIMITS = {
  auth: { perEmail: 10, perIp: 100, windowSeconds: 15 * 60 },
  'password-reset': { perEmail: 5, perIp: 30, windowSeconds: 60 * 60 },
} as const satisfies Partial<Record<RateLimitClass, AttemptLimit>>;

export interface AuthServicePorts {
  readonly identity: Identity;
  readonly users: UserProfiles;
  readonly sessions: RefreshSessions;
  /** Only redeemed here: tokens are made and mailed by the password-reset consumer (./reset-link). */
  readonly resetTokens: Pick<ResetTokens, 'redeem'>;
  readonly attempts: AttemptCounters;
  readonly events: Pick<Events, 'publish'>;
  readonly clock: Clock;
  /** Keys the hashes that name attempt counters, so the table holds no e-mail or IP in the clear. */
  readonly counterSecret: string;
}

/** Who is calling, as far as the abuse limits care. */
export interface CallerAddress {
  readonly ip: string | undefined;
}

/** The caller of `me` and `refresh`: the verified token and its subject. */
export interface SignedInCaller {
  readonly sub: string;
  readonly token: string;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createAuthService(ports: AuthServicePorts) {
  const { identity, users, sessions, resetTokens, attempts, events, clock } = ports;

  const counterId = (name: string, value: string) =>
    `${name}:${createHmac('sha256', ports.counterSecret).update(value).digest('base64url')}`;

  /** Counts this attempt against the e-mail and the IP; 429 with the class's key once either is over. */
  async function limitAttempts(
    rateLimitClass: keyof typeof ATTEMPT_LIMITS,
    action: string,
    keys: { readonly email?: string; readonly ip: string | undefined },
  ): Promise<void> {
    const limit = ATTEMPT_LIMITS[rateLimitClass];
    const now = clock.now();
    const checks: Promise<boolean>[] = [];
    if (keys.email !== undefined) {
      const counter = counterId(`${action}-email`, keys.email);
      checks.push(attempts.count(counter, limit.windowSeconds, now).then((count) => count > limit.perEmail));
    }
    if (keys.ip !== undefined) {
      const counter = counterId(`${rateLimitClass}-ip`, keys.ip);
      checks.push(attempts.count(counter, limit.windowSeconds, now).then((count) => count > limit.perIp));
    }
    if ((await Promise.all(checks)).some(Boolean)) throw new RateLimitedError(rateLimitClass);
  }

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
      // The stored refresh token is only reachable with this access token, so it need not outlive it.
      expiresAt: session.accessTokenExpiresAt,
    });
    return { token: session.accessToken, user: await userOf(session.sub, knownEmail) };
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
      // The same rules and messages as the register form (SPEC §5).
      const checked = registerFormSchema.safeParse({ ...request, email });
      if (!checked.success) throw new ValidationError(checked.error.issues[0]?.message);
      let sub: string;
      try {
        ({ sub } = await identity.signUp(email, request.password));
      } catch (error) {
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

    async forgotPassword(
      request: ForgotPasswordRequest,
      caller: CallerAddress,
    ): Promise<{ message: string }> {
      const email = normaliseEmail(request.email);
      await limitAttempts('password-reset', 'forgot', { email, ip: caller.ip });
      // Whether the address has an account is the consumer's question (./reset-link): this path does the
      // same work, in the same time, and gives the same answer either way.
      await events.publish('passwordResetRequested', { email });
      return { message: 'If an account exists for this email, a reset link is on its way.' };
    },

    async resetPassword(request: ResetPasswordRequest, caller: CallerAddress): Promise<{ message: string }> {
      await limitAttempts('password-reset', 'reset', { ip: caller.ip });
      // Checked before the token is spent, so a weak password does not cost the user their link.
      const checked = resetPasswordSchema.safeParse(request.password);
      if (!checked.success) throw new ValidationError(checked.error.issues[0]?.message);
      const sub = await resetTokens.redeem(hashResetToken(request.token), clock.now());
      if (!sub) throw new BadRequestError(ACCOUNT_ERROR_KEYS.invalidToken);
      try {
        await identity.setPassword(sub, request.password);
      } catch (error) {
        if (error instanceof PasswordRejectedError) throw new ValidationError(undefined, { cause: error });
        throw error;
      }
      return { message: 'Your password has been reset.' };
    },

    async me(caller: SignedInCaller): Promise<User> {
      return userOf(caller.sub);
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
