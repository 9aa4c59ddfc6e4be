// Speech to text through our own relay (docs/DESIGN.md §7): the recogniser behind it (Deepgram's live socket, or
// the embedded engine), the single-use tickets that open it, and the one socket a caller may hold.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

/** Where a recogniser sends what it heard: the relay passes each message on to the browser unchanged. */
export interface ListenDownstream {
  /** A server message of Deepgram's live protocol (shared/api/speech-protocol.ts), as JSON text. */
  message(text: string): void;
  /** The recogniser ended the stream (after CloseStream, or on its own error). */
  closed(code: number, reason: string): void;
}

/** One recognition stream, as the relay feeds it. */
export interface ListenUpstream {
  /** A chunk of 16 kHz mono PCM16 audio. */
  audio(chunk: Buffer): void;
  /** A client control message (KeepAlive, Finalize, CloseStream), as the client sent it. */
  control(text: string): void;
  /** The client went away: end the stream at once, sending nothing more. */
  abort(): void;
}

export interface SpeechRecognizer {
  /** Opens one stream with the listen query the client sent (already checked by the relay). */
  open(query: URLSearchParams, downstream: ListenDownstream): ListenUpstream;
  /** Resolves once streams can be served (the embedded model loaded); at once for a provider. */
  ready(): Promise<void>;
}

/** What a ticket grants: one socket, for this subject, from this viewer group. */
export interface SpeechTicketGrant {
  /** A user's sub, or a keyed hash of an anonymous caller's address group (lambdas/domain/usage-subject.ts). */
  readonly subject: string;
  readonly role: 'anonymous' | 'user' | 'subscriber';
  /** A keyed hash of the viewer group the ticket was asked for from; the socket must come from the same group. */
  readonly viewer: string;
}

export interface SpeechTickets {
  /** Stores a ticket (by its hash) until `expiresAt`. */
  issue(ticket: string, grant: SpeechTicketGrant, expiresAt: Date): Promise<void>;
  /** The grant of a live ticket, deleting it in the same step, so a ticket opens at most one socket. */
  take(ticket: string, now: Date): Promise<SpeechTicketGrant | undefined>;
}

/** The one open relay socket per subject: the newest socket's session holds the place. */
export interface SpeechSockets {
  /** Takes the place for this session, from whichever session held it. */
  claim(subject: string, sessionId: string, now: Date): Promise<void>;
  /** The session that holds the place now (read consistently), if any. */
  holder(subject: string): Promise<string | undefined>;
}
