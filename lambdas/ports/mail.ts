// Mail: SES in AWS; the same SES call lands in the local cloud's outbox.
// Adapters implement these ports; services see them, never an SDK client (docs/DESIGN.md §3).

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends plain-text mail (SES in AWS; in the local cloud the same SES call lands in the outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
