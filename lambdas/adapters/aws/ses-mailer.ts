import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../ports/mail';

/**
 * Plain-text mail through SES (v2 API). The local cloud answers the same SendEmail call at its outbox
 * (AWS_ENDPOINT_URL_SESV2), so this adapter is what runs there too.
 */
export function createSesMailer(options: { readonly region: string; readonly from: string }): Mailer {
  const client = new SESv2Client({ region: options.region });
  const from = options.from;
  return {
    async send({ to, subject, text }) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              Body: { Text: { Data: text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}
