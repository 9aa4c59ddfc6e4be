// The daily speech allowance: the usage counter and the leases of relayed speech sessions.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

/**
 * One delivery of `usage.recorded`. The same session's seconds can arrive more than once: the bus repeats a
 * delivery, and a publish retried after a timeout is a new event with a new id. `onceKey` names the session (its
 * lease id), so it is counted once however it arrives.
 */
export interface UsageDelivery {
  readonly onceKey: string;
  /** A user's sub, or a keyed hash of an anonymous caller's IP. */
  readonly subject: string;
  /** UTC day, yyyy-mm-dd. */
  readonly day: string;
  readonly seconds: number;
}

export interface Usage {
  /**
   * Adds the seconds to the subject's day exactly once per `onceKey`, atomically with the idempotency mark.
   * A repeated delivery changes nothing and resolves 'duplicate' (not an error).
   */
  addSecondsOnce(delivery: UsageDelivery): Promise<'added' | 'duplicate'>;
  /** Seconds counted so far for the subject's day (0 when none). */
  secondsUsed(subject: string, day: string): Promise<number>;
}

/** A relayed speech session, as the allowance sees it (docs/DESIGN.md §4, LEASE#<sessionId>). */
export interface SpeechLease {
  /** The session's id: one lease per socket the relay accepted. */
  readonly id: string;
  /** A user's sub, or a keyed hash of an anonymous caller's IP. */
  readonly subject: string;
  /** The UTC day (yyyy-mm-dd) the lease counts against: the day its socket opened. */
  readonly day: string;
  readonly issuedAt: Date;
  /** The allowance left when the socket opened: the most this lease can ever be charged. */
  readonly ttlSeconds: number;
  /** Present once the relay closed the session, with the seconds it was charged. */
  readonly closed?: { readonly at: Date; readonly seconds: number };
  /** Seconds of audio the relay has forwarded so far (written every few seconds): an open lease's charge. */
  readonly observedSeconds?: number;
}

/** What a subject has used on one day: the bus-fed counter and the leases, closed or still open. */
export interface UsageLedger {
  /** The DAY counter, fed by `usage.recorded`: it lags the leases by the bus's delivery time. */
  readonly countedSeconds: number;
  readonly leases: readonly SpeechLease[];
}

/**
 * The session leases. Reads are strongly consistent, so a session charged a moment ago already counts against
 * the next ticket or socket.
 */
export interface Leases {
  ledger(subject: string, day: string): Promise<UsageLedger>;
  open(lease: Omit<SpeechLease, 'closed'>): Promise<void>;
  /**
   * Closes an open lease, recording its charge. Resolves false, changing nothing, when it was already closed
   * (or never opened), so a session is counted once.
   */
  close(
    lease: Pick<SpeechLease, 'id' | 'subject' | 'day'>,
    closed: { readonly at: Date; readonly seconds: number },
  ): Promise<boolean>;
  /**
   * Records the audio the relay forwarded on the session so far: a conditional write that only ever raises the
   * figure. Resolves false when the lease does not exist.
   */
  recordObserved(lease: Pick<SpeechLease, 'id' | 'subject' | 'day'>, seconds: number): Promise<boolean>;
  /**
   * Takes one of `slots` places for a ticket being issued, each held `holdSeconds`, atomically: of any number of
   * concurrent calls at most `slots` succeed within a hold. False when every place is held.
   */
  claimTicketSlot(
    subject: string,
    day: string,
    now: Date,
    limits: { readonly slots: number; readonly holdSeconds: number },
  ): Promise<boolean>;
}

/** One daily ceiling's counters (DAILY_CEILINGS in shared/constants.ts): characters or photos, per subject and day. */
export interface DailyCounter {
  /**
   * Adds `amount` to the subject's count for `day` only if the count stays within `limit`, atomically (one
   * conditional write), so parallel calls cannot overshoot; false, with nothing added, when it would not.
   */
  chargeWithin(charge: {
    readonly subject: string;
    readonly day: string;
    readonly amount: number;
    readonly limit: number;
  }): Promise<boolean>;
}
