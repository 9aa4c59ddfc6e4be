// Callers and identity: token and admin-session checks, the identity provider (Cognito, cognito-local),
// server-side refresh sessions, reset tokens and attempt counters.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

/** What a valid bearer token tells us about its holder. */
export interface VerifiedIdentity {
  /** Cognito's subject id: the stable user key (`USER#<sub>`). */
  readonly sub: string;
  readonly email?: string;
  /** Epoch seconds; lets a handler reason about an expiring session without decoding the token again. */
  readonly expiresAt?: number;
}

/**
 * Checks bearer tokens. Resolves `undefined` for any token that fails verification (bad signature, expired,
 * wrong audience, malformed): the http stack answers 401. Rejects only when verification itself could not
 * run (keys unreachable), which is a server fault and answers 500.
 */
export interface TokenVerifier {
  /**
   * The token's holder when it is one of our access tokens. `allowExpired`: also one that expired less than
   * REFRESH_SESSION_SECONDS ago (the refresh and logout calls, where the refresh session decides).
   */
  verifyAccessToken(
    token: string,
    options?: { readonly allowExpired?: boolean },
  ): Promise<VerifiedIdentity | undefined>;
}

/** `disabled`: no admin password is configured, so the dashboard does not exist (404, docs/SPEC.md §7). */
export type AdminSessionCheck = 'valid' | 'invalid' | 'disabled';

/** Checks the admin dashboard's session cookie (auth mode `admin-cookie`); the cookie's name is its business. */
export interface AdminSessionVerifier {
  checkAdminSession(cookies: Readonly<Record<string, string>>): Promise<AdminSessionCheck>;
}

/** A signed-in session as the identity provider issued it. */
export interface IdentitySession {
  readonly accessToken: string;
  /** Kept server-side (docs/ENGINES.md, Identity): the browser holds only the access token. */
  readonly refreshToken: string;
  readonly sub: string;
  /** Epoch seconds at which the access token expires (read from the token: cognito-local sends no ExpiresIn). */
  readonly accessTokenExpiresAt: number;
}

/** Wrong email or wrong password (told apart nowhere, so a caller cannot probe which emails exist). */
export class InvalidCredentialsError extends Error {
  override readonly name = 'InvalidCredentialsError';
}

/** Sign-up for an email that already has an account. */
export class AccountExistsError extends Error {
  override readonly name = 'AccountExistsError';
}

/** The identity provider refused a new password (its own policy); ours is checked first, so this is rare. */
export class PasswordRejectedError extends Error {
  override readonly name = 'PasswordRejectedError';
}

/** A refresh token the provider no longer accepts (expired, revoked, user gone). */
export class RefreshRejectedError extends Error {
  override readonly name = 'RefreshRejectedError';
}

export interface Identity {
  /**
   * Creates the account with its e-mail not yet verified (a mailed link verifies it: markEmailVerified); it can
   * sign in at once. Rejects with AccountExistsError.
   */
  signUp(email: string, password: string): Promise<{ readonly sub: string }>;
  /** Rejects with InvalidCredentialsError for an unknown email or a wrong password alike. */
  signIn(email: string, password: string): Promise<IdentitySession>;
  /** A new access token from the stored refresh token; rejects with RefreshRejectedError. */
  refresh(sub: string, refreshToken: string): Promise<IdentitySession>;
  /** Revokes the refresh token (and the access tokens it issued) with the provider: a sign-out. */
  revoke(refreshToken: string): Promise<void>;
  /** The account's email, or undefined when the sub is unknown. */
  emailOf(sub: string): Promise<string | undefined>;
  /** Marks the account's e-mail verified (its owner followed a link mailed to it); false when the account is gone. */
  markEmailVerified(sub: string): Promise<boolean>;
  /** Sets a permanent password (password reset). */
  setPassword(sub: string, password: string): Promise<void>;
  /**
   * Signs the account out at the provider everywhere: every refresh token it issued stops working, and its access
   * tokens stop working for the provider's own calls (our API checks tokens itself, so they live out their hour
   * there). A password reset calls it.
   */
  signOutEverywhere(sub: string): Promise<void>;
  /** Deletes the account at the provider (account deletion); its address may register again. Done when already gone. */
  deleteUser(sub: string): Promise<void>;
}

/**
 * Server-side refresh sessions, keyed by the access token they belong to: the refresh call proves the
 * session with its access token, and only the server ever sees the refresh token.
 */
export interface RefreshSessions {
  save(session: {
    readonly accessToken: string;
    readonly sub: string;
    readonly refreshToken: string;
    readonly expiresAt: number;
  }): Promise<void>;
  /** Removes and returns the session of this access token (each refresh rotates it); undefined when none. */
  take(
    accessToken: string,
    now: Date,
  ): Promise<{ readonly sub: string; readonly refreshToken: string } | undefined>;
  /**
   * Ends every session of the account (a password reset): none can refresh again, so each device is signed
   * out when its access token expires.
   */
  endAll(sub: string): Promise<void>;
}

/** Single-use mailed tokens (password reset, e-mail verification), stored only as a hash. */
export interface SingleUseTokens {
  save(token: {
    readonly tokenHash: string;
    readonly sub: string;
    readonly expiresAt: number;
  }): Promise<void>;
  /** Deletes the token and returns its sub when it exists and has not expired; a second call gets undefined. */
  redeem(tokenHash: string, now: Date): Promise<string | undefined>;
}

export type ResetTokens = SingleUseTokens;
export type VerificationTokens = SingleUseTokens;

/** Fixed-window attempt counters for abuse limits (login, register, password reset). */
export interface AttemptCounters {
  /** Adds one attempt to the counter's current window and returns the window's count including it. */
  count(counter: string, windowSeconds: number, now: Date): Promise<number>;
}

/**
 * Counters a limit on failures can reserve from before it knows the outcome, and give back after: reserving
 * is one conditional write, so parallel attempts cannot all pass a check made before any of them counted.
 */
export interface AttemptWindows extends AttemptCounters {
  /** Adds one attempt unless the window already holds `limit`: true when it was added. */
  reserve(counter: string, windowSeconds: number, now: Date, limit: number): Promise<boolean>;
  /** Gives back one attempt reserved in the same window (the attempt turned out not to count). */
  release(counter: string, windowSeconds: number, now: Date): Promise<void>;
}
