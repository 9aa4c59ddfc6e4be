// Everything the table holds about one account, read for the export and erased with the account.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface DayUsage {
  readonly day: string;
  readonly speechSeconds: number;
  readonly translatedCharacters: number;
  readonly spokenCharacters: number;
  readonly analysedCharacters: number;
  readonly photos: number;
}

export interface AccountRecords {
  /** Each day since the account was made on which it used anything, newest first. */
  usageByDay(sub: string, now: Date): Promise<DayUsage[]>;
  /** The account's refresh sessions still live, by when each ends (epoch seconds). */
  openSessions(sub: string, now: Date): Promise<{ readonly endsAt: number }[]>;
  /**
   * Deletes every item keyed by the account: its days of usage and their leases and ticket places, its daily
   * counters, its relay socket, its sessions, its unused mailed links, its Stripe customer's reverse lookup, and
   * last its profile, so an erasure cut short can be run again and find what is left.
   */
  eraseAll(sub: string, now: Date): Promise<void>;
}
