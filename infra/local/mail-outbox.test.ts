import { describe, expect, it } from 'vitest';
import { outboxMail, recordSendEmail } from './mail-outbox';

describe('the local SES outbox', () => {
  it('records a SendEmail call with its first link, newest first', () => {
    const simple = (to: string, text: string) => ({
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: 'Reset' }, Body: { Text: { Data: text } } } },
    });

    recordSendEmail(simple('first@example.com', 'no link here'), new Date('2026-01-01T00:00:00Z'));
    recordSendEmail(
      simple('second@example.com', 'Open http://localhost:8787/reset-password?token=abc within an hour.'),
      new Date('2026-01-01T00:01:00Z'),
    );

    const [newest, older] = outboxMail();
    expect(newest).toEqual({
      to: 'second@example.com',
      subject: 'Reset',
      text: 'Open http://localhost:8787/reset-password?token=abc within an hour.',
      link: 'http://localhost:8787/reset-password?token=abc',
      sentAt: '2026-01-01T00:01:00.000Z',
    });
    expect(older?.link).toBeNull();
  });

  it('refuses a call without simple text content', () => {
    expect(recordSendEmail({ Destination: { ToAddresses: ['a@example.com'] } })).toBeUndefined();
  });
});
