import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import type { EmergencyResult, Location, Price } from '@wayfarer/shared/api/analysis';
import type { TtsProvider, VoiceGender } from '@wayfarer/shared/api/voice-output';
import type { EventDetail, EventName } from '@wayfarer/shared/events';
import type { SketchRegisters, SketchUpdate } from '@wayfarer/shared/domain/visitor-sketch';

// The interfaces services see (docs/DESIGN.md §3). Adapters in adapters/{aws,cloud,local} implement them; services
// never see an SDK client. The ports this foundation uses (Events, Usage, IdempotencyMarks, TokenVerifier,
// StorageHealth) are precise; the rest are sketches that each feature's issue firms up when it lands.

// --- Callers ----------------------------------------------------------------------------------------------

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
  verifyAccessToken(token: string): Promise<VerifiedIdentity | undefined>;
}

/** `disabled`: no admin password is configured, so the dashboard does not exist (404, docs/SPEC.md §7). */
export type AdminSessionCheck = 'valid' | 'invalid' | 'disabled';

/** Checks the admin dashboard's session cookie (auth mode `admin-cookie`); the cookie's name is its business. */
export interface AdminSessionVerifier {
  checkAdminSession(cookies: Readonly<Record<string, string>>): Promise<AdminSessionCheck>;
}

// --- Identity (Cognito, cognito-local) --------------------------------------------------------------------

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
  /** Creates the account, confirmed at once (no e-mail code step); rejects with AccountExistsError. */
  signUp(email: string, password: string): Promise<{ readonly sub: string }>;
  /** Rejects with InvalidCredentialsError for an unknown email or a wrong password alike. */
  signIn(email: string, password: string): Promise<IdentitySession>;
  /** A new access token from the stored refresh token; rejects with RefreshRejectedError. */
  refresh(sub: string, refreshToken: string): Promise<IdentitySession>;
  /** The account's email, or undefined when the sub is unknown. */
  emailOf(sub: string): Promise<string | undefined>;
  /** Sets a permanent password (password reset). */
  setPassword(sub: string, password: string): Promise<void>;
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

/** Single-use password-reset tokens, stored only as a hash. */
export interface ResetTokens {
  save(token: {
    readonly tokenHash: string;
    readonly sub: string;
    readonly expiresAt: number;
  }): Promise<void>;
  /** Deletes the token and returns its sub when it exists and has not expired; a second call gets undefined. */
  redeem(tokenHash: string, now: Date): Promise<string | undefined>;
}

/** Fixed-window attempt counters for abuse limits (login, register, password reset). */
export interface AttemptCounters {
  /** Adds one attempt to the counter's current window and returns the window's count including it. */
  count(counter: string, windowSeconds: number, now: Date): Promise<number>;
}

/** Counters that can also be read without adding: a limit on failures checks before it knows the outcome. */
export interface AttemptWindows extends AttemptCounters {
  /** The current window's count so far (0 when none). */
  current(counter: string, windowSeconds: number, now: Date): Promise<number>;
}

// --- Users (profile in the table) -------------------------------------------------------------------------

export interface UserProfile {
  readonly sub: string;
  readonly email: string;
  readonly subscriptionStatus: SubscriptionStatus;
  readonly stripeCustomerId?: string;
  readonly cancelAtPeriodEnd: boolean;
  /** ISO timestamp, or null when there is no paid period. */
  readonly currentPeriodEnd: string | null;
}

export interface SubscriptionState {
  readonly status: SubscriptionStatus;
  readonly cancelAtPeriodEnd: boolean;
  readonly currentPeriodEnd: string | null;
}

export interface Users {
  getProfile(sub: string): Promise<UserProfile | undefined>;
  createProfile(profile: UserProfile): Promise<void>;
  /** The account whose profile has this (normalised) address; the newest, should a deleted one linger. */
  findSubByEmail(email: string): Promise<string | undefined>;
  linkStripeCustomer(sub: string, stripeCustomerId: string): Promise<void>;
  findSubByStripeCustomer(stripeCustomerId: string): Promise<string | undefined>;
}

/** The profile half of the Users port that accounts need; billing adds the subscription writes. */
export type UserProfiles = Pick<Users, 'getProfile' | 'createProfile' | 'findSubByEmail'>;

// --- Usage ------------------------------------------------------------------------------------------------

/** One delivery of `usage.recorded`: the bus may deliver it more than once, so it carries its event id. */
export interface UsageDelivery {
  readonly eventId: string;
  /** A user's sub, or a keyed hash of an anonymous caller's IP. */
  readonly subject: string;
  /** UTC day, yyyy-mm-dd. */
  readonly day: string;
  readonly seconds: number;
}

export interface Usage {
  /**
   * Adds the seconds to the subject's day exactly once per event id, atomically with the idempotency mark.
   * A repeated delivery changes nothing and resolves 'duplicate' (not an error).
   */
  addSecondsOnce(delivery: UsageDelivery): Promise<'added' | 'duplicate'>;
  /** Seconds counted so far for the subject's day (0 when none). */
  secondsUsed(subject: string, day: string): Promise<number>;
}

/** An issued speech key, as the allowance sees it (docs/DESIGN.md §4, LEASE#<keyId>). */
export interface SpeechLease {
  /** The key's id: one lease per issued key. */
  readonly id: string;
  /** A user's sub, or a keyed hash of an anonymous caller's IP. */
  readonly subject: string;
  /** The UTC day (yyyy-mm-dd) the lease counts against: the day it was issued. */
  readonly day: string;
  readonly issuedAt: Date;
  /** The key's time to live: the most this lease can ever be charged. */
  readonly ttlSeconds: number;
  /** Present once the usage update (or a newer key) closed it, with the seconds it was charged. */
  readonly closed?: { readonly at: Date; readonly seconds: number };
}

/** What a subject has used on one day: the bus-fed counter and the leases, closed or still open. */
export interface UsageLedger {
  /** The DAY counter, fed by `usage.recorded`: it lags the leases by the bus's delivery time. */
  readonly countedSeconds: number;
  readonly leases: readonly SpeechLease[];
}

/**
 * The speech-key leases. Reads are strongly consistent, so a key issued a moment ago already counts against
 * the next key call.
 */
export interface Leases {
  ledger(subject: string, day: string): Promise<UsageLedger>;
  open(lease: Omit<SpeechLease, 'closed'>): Promise<void>;
  /**
   * Closes an open lease, recording its charge. Resolves false, changing nothing, when it was already closed
   * (or never opened): that is what makes a repeated usage update harmless.
   */
  close(
    lease: Pick<SpeechLease, 'id' | 'subject' | 'day'>,
    closed: { readonly at: Date; readonly seconds: number },
  ): Promise<boolean>;
}

/** A generic "have we seen this id?" check in the table, for webhook deliveries and other once-only work. */
export interface IdempotencyMarks {
  /** Records the id; resolves true the first time, false when it was already marked (and not expired). */
  markOnce(id: string, ttlSeconds: number): Promise<boolean>;
}

/** Marks a claim can give back: work that claimed an id and then failed lets the sender's retry do it. */
export interface ReleasableMarks extends IdempotencyMarks {
  unmark(id: string): Promise<void>;
}

// --- Analytics (docs/DESIGN.md §4, §5) ----------------------------------------------------------------------

/** One delivery of `page.viewed`, as the analytics projections take it. */
export interface PageViewDelivery {
  readonly eventId: string;
  /** UTC day of the view, yyyy-mm-dd. */
  readonly day: string;
  readonly page: string;
  readonly userKind: 'authenticated' | 'anonymous';
  readonly truncatedIp: string;
  /** ISO 3166 alpha-2, or 'unknown'. */
  readonly country: string;
  /** Keyed with the day: the same visitor on another day is another hash. */
  readonly visitorHash: string;
  /** The visitor's register and rank in the day's distinct-visitor sketch (shared/domain/visitor-sketch.ts). */
  readonly visitorSketch?: SketchUpdate;
  readonly viewedAt: string;
}

/** One day's aggregates, as stored. */
export interface DayFigures {
  readonly day: string;
  readonly viewsByPage: Readonly<Record<string, number>>;
  readonly viewsByCountry: Readonly<Record<string, number>>;
  readonly uniqueVisitors: number;
  /** The day's distinct-visitor sketch (register -> rank); merged over a window it counts each visitor once. */
  readonly visitorSketch: SketchRegisters;
  /** Anonymous usage subjects whose latest activity is this day (see AnalyticsStore.recordAnonymousActivity). */
  readonly anonymousLastActive: number;
}

export interface RecentView {
  readonly page: string;
  readonly userKind: 'authenticated' | 'anonymous';
  readonly truncatedIp: string;
  readonly viewedAt: string;
}

export interface AnalyticsStore {
  /**
   * Adds the view to its day's counters, its visitor to the day's unique visitors (once per visitor hash) and
   * to the recent list: once per event id however often the bus delivers it.
   */
  recordPageViewOnce(view: PageViewDelivery): Promise<'added' | 'duplicate'>;
  /**
   * Moves an anonymous usage subject's "last active day" forward to `day`, keeping a per-day count of subjects
   * last active that day: the distinct subjects active in any window ending today are the sum of its days'
   * counts. Repeats and older days change nothing.
   */
  recordAnonymousActivity(subject: string, day: string): Promise<'moved' | 'unchanged'>;
  /** The stored figures of each day asked (one query per day), in the order asked. */
  dayFigures(days: readonly string[]): Promise<DayFigures[]>;
  /** The newest views at or after `since` (ISO time), newest first, at most `limit`. */
  recentViews(limit: number, since: string): Promise<RecentView[]>;
}

// --- Events -----------------------------------------------------------------------------------------------

export interface Events {
  /** Publishes one catalogue event; the detail is validated against shared/events.ts before it leaves. */
  publish<Name extends EventName>(name: Name, detail: EventDetail<Name>): Promise<void>;
}

// --- Billing (Stripe, local checkout) ---------------------------------------------------------------------

/** A subscription's state as Stripe last told it, stamped with Stripe's own time for that news. */
export interface StampedSubscriptionState extends SubscriptionState {
  /** The `created` time of the Stripe event that carried it: the newest state wins, never the latest arrival. */
  readonly changedAt: Date;
}

export interface BillingSubscriptionEvent {
  /** Stripe's event id: the idempotency mark for the webhook. */
  readonly eventId: string;
  readonly stripeCustomerId: string;
  /** The account our checkout recorded with Stripe (metadata), for a customer whose link is not readable yet. */
  readonly userSub?: string;
  readonly state: StampedSubscriptionState;
}

/** A webhook whose signature does not verify over its raw bytes: not from Stripe, or altered on the way. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface Billing {
  createCheckoutSession(input: {
    readonly sub: string;
    readonly email: string;
    readonly stripeCustomerId?: string;
  }): Promise<{ readonly checkoutUrl: string; readonly stripeCustomerId: string }>;
  createPortalSession(stripeCustomerId: string): Promise<{ readonly portalUrl: string }>;
  /**
   * Verifies the signature over the exact raw bytes (rejects with WebhookSignatureError); resolves undefined
   * for events we do not act on.
   */
  parseWebhook(rawBody: Buffer, signature: string): Promise<BillingSubscriptionEvent | undefined>;
}

/** The subscription side of the Users port, as billing uses it. */
export interface Subscriptions extends Pick<
  Users,
  'getProfile' | 'linkStripeCustomer' | 'findSubByStripeCustomer'
> {
  /**
   * Writes the state Stripe event `eventId` carried unless the profile holds a newer one (by `changedAt`):
   * 'stale', changing nothing, when it does, so events delivered out of order end on Stripe's newest state; at
   * the same instant a deleted (CANCELED) subscription stays ended. 'unchanged' when the state was already
   * the profile's (Stripe tells one change several ways); 'applied' when it changed, or when this event was
   * written before by an attempt that did not finish (so that attempt's retry publishes what it could not).
   */
  applySubscription(
    sub: string,
    state: StampedSubscriptionState,
    eventId: string,
  ): Promise<'applied' | 'unchanged' | 'stale'>;
}

// --- Voice path -------------------------------------------------------------------------------------------

export interface SpeechKeyRequest {
  /** The lease this key belongs to. */
  readonly leaseId: string;
  readonly subject: string;
  readonly ttlSeconds: number;
  /**
   * The Host header the caller reached the API on. An issuer that serves its own socket on the same origin
   * (the local cloud) builds the socket URL from it; a provider's issuer ignores it.
   */
  readonly host?: string;
}

export interface IssuedSpeechKey {
  readonly key: string;
  /** The live socket to open with the key. */
  readonly url: string;
  readonly ttlSeconds: number;
}

export interface SpeechKeys {
  /** A key for the live speech socket that stops opening sockets after `ttlSeconds`, and the socket's URL. */
  issue(request: SpeechKeyRequest): Promise<IssuedSpeechKey>;
}

export interface Translator {
  /** False when no engine is configured: the UI explains how to enable translation (docs/ENGINES.md). */
  readonly available: boolean;
  /** Yields translated text chunks as the engine produces them. */
  translate(input: {
    readonly text: string;
    readonly outputLanguage: string;
    readonly signal?: AbortSignal;
  }): AsyncIterable<string>;
}

export interface Speaker {
  speak(input: {
    readonly text: string;
    readonly language: string;
    readonly gender: VoiceGender;
    readonly provider: TtsProvider;
    readonly signal?: AbortSignal;
  }): Promise<{ readonly contentType: string; readonly audio: AsyncIterable<Uint8Array> }>;
}

export interface Analyzer {
  emergency(text: string): Promise<EmergencyResult>;
  locations(text: string): Promise<readonly Location[]>;
  prices(text: string): Promise<readonly Price[]>;
}

export interface Vision {
  readImage(input: {
    readonly image: Buffer;
    readonly contentType: string;
    readonly targetLanguage: string;
  }): Promise<{
    readonly originalText: string;
    readonly translatedText: string;
    readonly prices: readonly Price[];
  }>;
}

export interface ExchangeRates {
  /** Currency code -> units per 1 USD. */
  readonly rates: Readonly<Record<string, number>>;
  /** The day the rates are from, yyyy-mm-dd. */
  readonly date: string;
}

export interface Rates {
  latest(): Promise<ExchangeRates>;
}

/** Where the latest rates are kept between the daily refreshes (the table's RATES item). */
export interface RatesCache extends Rates {
  save(rates: ExchangeRates): Promise<void>;
}

/** A daily published source of exchange rates. */
export interface RatesFeed {
  fetchLatest(): Promise<ExchangeRates>;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends plain-text mail (SES in AWS; in the local cloud the same SES call lands in the outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

// --- Operations -------------------------------------------------------------------------------------------

export interface StorageHealth {
  /** Resolves when the table answers; rejects otherwise. */
  ping(): Promise<void>;
}

export interface Clock {
  now(): Date;
}
