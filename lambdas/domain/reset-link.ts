import { createHash, randomBytes } from 'node:crypto';
import type { EventDetail } from '@wayfarer/shared/events';
import type { ResetTokens, SingleUseTokens, VerificationTokens } from '../ports/identity';
import type { Mailer } from '../ports/mail';
import type { Clock, IdempotencyMarks } from '../ports/platform';
import type { Users } from '../ports/users';
import { EVENT_MARK_TTL_SECONDS } from './event-marks';
import { PAGE_QUERY, PAGES, type PagePath } from '@wayfarer/shared/api/pages';

// The mail half of a password reset and of an e-mail verification, run by the bus consumer (lambdas/functions/mail)
// rather than the request, so the request does the same work whether or not the account exists. Kept free of
// the http stack, the auth service and the identity provider: the mail bundle imports only this, and finds the
// account through the profile every account has (made at registration, or on first sign-in of an account made
// outside the app), keeping the Cognito client out of that bundle.

/** A reset link works for an hour (docs/ENGINES.md, Identity). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/**
 * A verification link works for a week: all it can do is mark the address verified, and the traveller may read
 * their mail days after registering.
 */
export const VERIFY_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What the table keeps of a mailed token (reset or verification): never the token, only this hash. */
export const hashMailedToken = (token: string) => createHash('sha256').update(token).digest('base64url');

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

function verificationMail(link: string) {
  return {
    subject: 'Confirm your Wayfarer e-mail address',
    text: [
      'A Wayfarer account was registered with this address.',
      '',
      `Open this link within a week to confirm that the address is yours: ${link}`,
      '',
      'If it was not you, ignore this message.',
    ].join('\n'),
  };
}

export interface MailedLinkPorts {
  readonly accounts: Pick<Users, 'findSubByEmail'>;
  readonly marks: IdempotencyMarks;
  readonly mailer: Mailer;
  readonly clock: Clock;
  /** The app's public origin: links point at its pages (/reset-password, /verify-email). */
  readonly appUrl: string | undefined;
}

export interface ResetLinkPorts extends MailedLinkPorts {
  readonly resetTokens: Pick<ResetTokens, 'save'>;
}

export interface VerificationLinkPorts extends MailedLinkPorts {
  readonly verificationTokens: Pick<VerificationTokens, 'save'>;
}

export type MailedLinkOutcome = 'sent' | 'no_account' | 'duplicate';

interface MailedLink {
  readonly tokens: Pick<SingleUseTokens, 'save'>;
  readonly page: PagePath;
  readonly query: string;
  readonly ttlSeconds: number;
  readonly mail: (link: string) => { readonly subject: string; readonly text: string };
}

/**
 * Mails a single-use link when the address has an account; nothing otherwise. The delivery is marked
 * (`EVENT#<id>`) before the token is written or the mail sent, so a redelivered event (the bus delivers at
 * least once) never mails twice; the price is that a mail lost to a failure after the mark is not retried,
 * and the user asks again.
 */
async function sendMailedLink(
  ports: MailedLinkPorts,
  eventId: string,
  address: string,
  what: MailedLink,
): Promise<MailedLinkOutcome> {
  // Checked before the mark, so a misconfigured stage fails (and retries, then dead-letters) visibly.
  if (!ports.appUrl) throw new Error('APP_URL is not set: mailed links cannot be made');
  const email = address.trim().toLowerCase();
  const sub = await ports.accounts.findSubByEmail(email);
  if (!sub) return 'no_account';
  // Marked after the read-only lookup (a failed lookup is simply retried) and before anything is written or sent.
  if (!(await ports.marks.markOnce(eventId, EVENT_MARK_TTL_SECONDS))) return 'duplicate';
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(ports.clock.now().getTime() / 1000) + what.ttlSeconds;
  await what.tokens.save({ tokenHash: hashMailedToken(token), sub, expiresAt });
  const link = new URL(what.page, ports.appUrl);
  link.searchParams.set(what.query, token);
  await ports.mailer.send({ to: email, ...what.mail(link.toString()) });
  return 'sent';
}

/** A password-reset link to /reset-password, for an hour. */
export const sendResetLink = (
  ports: ResetLinkPorts,
  eventId: string,
  detail: EventDetail<'passwordResetRequested'>,
): Promise<MailedLinkOutcome> =>
  sendMailedLink(ports, eventId, detail.email, {
    tokens: ports.resetTokens,
    page: PAGES.resetPassword,
    query: PAGE_QUERY.resetToken,
    ttlSeconds: RESET_TOKEN_TTL_SECONDS,
    mail: resetMail,
  });

/** An e-mail verification link to /verify-email, for a week. */
export const sendVerificationLink = (
  ports: VerificationLinkPorts,
  eventId: string,
  detail: EventDetail<'emailVerificationRequested'>,
): Promise<MailedLinkOutcome> =>
  sendMailedLink(ports, eventId, detail.email, {
    tokens: ports.verificationTokens,
    page: PAGES.verifyEmail,
    query: PAGE_QUERY.verifyToken,
    ttlSeconds: VERIFY_TOKEN_TTL_SECONDS,
    mail: verificationMail,
  });

function goodbyeMail() {
  return {
    subject: 'Your Wayfarer account is deleted',
    text: [
      'The Wayfarer account for this address has been deleted, as you asked.',
      '',
      'Its subscription, if it had one, is cancelled and will not be charged again. What the server kept about',
      'the account is gone. History kept in a browser stays on that device until you delete it there.',
      '',
      'You are welcome to register again with this address at any time.',
    ].join('\n'),
  };
}

/**
 * The goodbye after an account is deleted: no link, no lookup (the account is gone), one mail per event. The mark is
 * set before sending, so a redelivered event never mails twice.
 */
export async function sendGoodbye(
  ports: Pick<MailedLinkPorts, 'marks' | 'mailer'>,
  eventId: string,
  detail: EventDetail<'accountDeleted'>,
): Promise<'sent' | 'duplicate'> {
  if (!(await ports.marks.markOnce(eventId, EVENT_MARK_TTL_SECONDS))) return 'duplicate';
  await ports.mailer.send({ to: detail.email.trim().toLowerCase(), ...goodbyeMail() });
  return 'sent';
}
