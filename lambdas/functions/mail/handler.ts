import { getConfig } from '../../config';
import { sendResetLink, type ResetLinkPorts } from '../../domain/reset-link';
import { eventConsumer } from '../../events/event-consumer';
import {
  getIdempotencyMarks,
  getMailer,
  getResetTokens,
  getUserProfiles,
  perContainer,
  systemClock,
} from '../../providers';

// The only area that sends mail: SES lives in this bundle alone, so the auth and consumers bundles stay small.
const ports = perContainer(async (): Promise<ResetLinkPorts> => {
  const [config, accounts, resetTokens, marks, mailer] = await Promise.all([
    getConfig(),
    getUserProfiles(),
    getResetTokens(),
    getIdempotencyMarks(),
    getMailer(),
  ]);
  return { accounts, resetTokens, marks, mailer, clock: systemClock, appUrl: config.APP_URL };
});

export const passwordResetRequested = eventConsumer('passwordResetRequested', async ({ eventId, detail }) =>
  sendResetLink(await ports(), eventId, detail),
);
