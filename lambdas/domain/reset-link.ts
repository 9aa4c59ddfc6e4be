import { createHash, randomBytes } from 'node:crypto';
import type { EventDetail } from '@wayfarer/shared/events';
import type { ResetTokens } from '../ports/identity';
import type { Mailer } from '../ports/mail';
import type { Clock, IdempotencyMarks } from '../ports/platform';
import type { Users } from '../ports/users';
import { EVENT_MARK_TTL_SECONDS } from './event-marks';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';

// The mail half of a password reset, run by the bus consumer (lambdas/functions/mail) rather than the
// forgot-password request, so the request does the same work whether or not the account exists. Kept free
// of the http stack, the auth service and the identity provider: the mail bundle imports only this, and
// finds the account through the profile every account has (made at registration, or on first sign-in of
// an account made outside the app), keeping the Cognito client out of that bundle.

/** A reset link works for an hour (docs/ENGINES.md, Identity). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;


export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function resetMail(link: string) {
  return {
    subject: 'Reset your Wayfarer password',
    text: [
      'Someone asked to reset the password of the Wayfarer account for this address.',
      '',
      `Open this link within an hour to choose a new password: ${link}`,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export interface ResetLinkPorts {
  readonly accounts: Pick<Users, 'findSubByEmail'>;
  readonly resetTokens: Pick<ResetTokens, 'save'>;
  readonly marks: IdempotencyMarks;
  readonly mailer: Mailer;
  readonly clock: Clock;
  /** The app's public origin: reset links point at its /reset-password page. */
  readonly appUrl: string | undefined;
}

export type ResetLinkOutcome = 'sent' | 'no_account' | 'duplicate';

/**
 * Mails a single-use reset link when the address has an account; nothing otherwise. The delivery is marked
 * (`EVENT#<id>`) before the token is written or the mail sent, so a redelivered event (the bus delivers at
 * least once) never mails twice; the price is that a mail lost to a failure after the mark is not retried,
 * and the user asks again.
 */
export async function sendResetLink(
  ports: ResetLinkPorts,
  eventId: string,
  detail: EventDetail<'passwordResetRequested'>,
): Promise<ResetLinkOutcome> {
  // Checked before the mark, so a misconfigured stage fails (and retries, then dead-letters) visibly.
  if (!ports.appUrl) throw new Error('APP_URL is not set: reset links cannot be made');
  const email = detail.email.trim().toLowerCase();
  const sub = await ports.accounts.findSubByEmail(email);
  if (!sub) return 'no_account';
  // Marked after the read-only lookup (a failed lookup is simply retried) and before anything is written or sent.
  if (!(await ports.marks.markOnce(eventId, EVENT_MARK_TTL_SECONDS))) return 'duplicate';
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(ports.clock.now().getTime() / 1000) + RESET_TOKEN_TTL_SECONDS;
  await ports.resetTokens.save({ tokenHash: hashResetToken(token), sub, expiresAt });
  const link = new URL(PAGES.resetPassword, ports.appUrl);
  link.searchParams.set(PAGE_QUERY.resetToken, token);
  await ports.mailer.send({ to: email, ...resetMail(link.toString()) });
  return 'sent';
}
