import type { EventDetail, EventName } from '@wayfarer/shared/events';

// Ports every area may use: domain events, once-only marks, the table's health, the clock.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

/** A generic "have we seen this id?" check in the table, for webhook deliveries and other once-only work. */
export interface IdempotencyMarks {
  /** Records the id; resolves true the first time, false when it was already marked (and not expired). */
  markOnce(id: string, ttlSeconds: number): Promise<boolean>;
}

/** Marks a claim can give back: work that claimed an id and then failed lets the sender's retry do it. */
export interface ReleasableMarks extends IdempotencyMarks {
  unmark(id: string): Promise<void>;
}

export interface Events {
  /** Publishes one catalogue event; the detail is validated against shared/events.ts before it leaves. */
  publish<Name extends EventName>(name: Name, detail: EventDetail<Name>): Promise<void>;
}

export interface StorageHealth {
  /** Resolves when the table answers; rejects otherwise. */
  ping(): Promise<void>;
}

export interface Clock {
  now(): Date;
}
