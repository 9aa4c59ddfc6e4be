import { createResetTokens, createUserProfiles } from '../../adapters/aws/auth-store';
import { createSesMailer } from '../../adapters/aws/ses-mailer';
import { createIdempotencyMarks, table } from '../../adapters/aws/table';
import { config } from '../../config';
import { sendResetLink, type ResetLinkPorts } from '../auth/reset-link';
import { eventConsumer } from '../consumers/event-consumer';

// The only area that sends mail: SES lives in this bundle alone, so the auth and consumers bundles stay small.
// Clients are made once per container, outside the handler.
const ports: ResetLinkPorts = {
  accounts: createUserProfiles(table),
  resetTokens: createResetTokens(table),
  marks: createIdempotencyMarks(table),
  mailer: createSesMailer({ region: config.AWS_REGION, from: config.MAIL_FROM }),
  clock: { now: () => new Date() },
  appUrl: config.APP_URL,
};

export const passwordResetRequested = eventConsumer('passwordResetRequested', ({ eventId, detail }) =>
  sendResetLink(ports, eventId, detail),
);
