// The daily speech allowance: the usage counter and the speech-key leases.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

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
  /** Seconds our own speech socket (the local one) saw a session on this key run: a floor for its charge. */
  readonly observedSeconds?: number;
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
  /**
   * Records what our own speech socket saw of the key's session; only ever raises the figure. Resolves false
   * when the lease does not exist.
   */
  recordObserved(lease: Pick<SpeechLease, 'id' | 'subject' | 'day'>, seconds: number): Promise<boolean>;
  /**
   * Takes one of `slots` places for a key being issued, each held `holdSeconds`, atomically: of any number of
   * concurrent calls at most `slots` succeed within a hold. False when every place is held.
   */
  claimKeySlot(
    subject: string,
    day: string,
    now: Date,
    limits: { readonly slots: number; readonly holdSeconds: number },
  ): Promise<boolean>;
}
