import { getConfig } from '../../config';
import {
  sendGoodbye,
  sendResetLink,
  sendVerificationLink,
  type ResetLinkPorts,
  type VerificationLinkPorts,
} from '../../domain/reset-link';
import { eventConsumer } from '../../events/event-consumer';
import {
  getIdempotencyMarks,
  getMailer,
  getResetTokens,
  getUserProfiles,
  getVerificationTokens,
  perContainer,
  systemClock,
} from '../../providers';

// The only area that sends mail: SES lives in this bundle alone, so the auth and consumers bundles stay small.
const ports = perContainer(async (): Promise<ResetLinkPorts & VerificationLinkPorts> => {
  const [config, accounts, resetTokens, verificationTokens, marks, mailer] = await Promise.all([
    getConfig(),
    getUserProfiles(),
    getResetTokens(),
    getVerificationTokens(),
    getIdempotencyMarks(),
    getMailer(),
  ]);
  return {
    accounts,
    resetTokens,
    verificationTokens,
    marks,
    mailer,
    clock: systemClock,
    appUrl: config.APP_URL,
  };
});

export const passwordResetRequested = eventConsumer('passwordResetRequested', async ({ eventId, detail }) =>
  sendResetLink(await ports(), eventId, detail),
);

export const emailVerificationRequested = eventConsumer(
  'emailVerificationRequested',
  async ({ eventId, detail }) => sendVerificationLink(await ports(), eventId, detail),
);

export const accountDeleted = eventConsumer('accountDeleted', async ({ eventId, detail }) =>
  sendGoodbye(await ports(), eventId, detail),
);
