import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../ports/mail';
import type { IdempotencyMarks } from '../ports/platform';
import { hashMailedToken, RESET_TOKEN_TTL_SECONDS, sendResetLink, type ResetLinkPorts } from './reset-link';

// The password-reset consumer over in-memory ports; lambdas/functions/mail/handler.int.test.ts runs it
// against DynamoDB Local and the SES outbox.

const NOW = new Date('2026-01-01T00:00:00Z');

function setUp(options: { appUrl?: string } = {}) {
  const accounts = new Map([['a@example.com', 'sub-1']]);
  const mail: MailMessage[] = [];
  const tokens: { tokenHash: string; sub: string; expiresAt: number }[] = [];
  const seen = new Set<string>();
  const marks: IdempotencyMarks = {
    async markOnce(id) {
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    },
  };
  const ports: ResetLinkPorts = {
    accounts: { findSubByEmail: async (email) => accounts.get(email) },
    resetTokens: { save: async (token) => void tokens.push(token) },
    marks,
    mailer: { send: async (message) => void mail.push(message) },
    clock: { now: () => NOW },
    appUrl: 'appUrl' in options ? options.appUrl : 'https://app.example',
  };
  return { ports, mail, tokens, seen };
}

const linkIn = (message: MailMessage | undefined) =>
  new URL(/https:\S+/.exec(message?.text ?? '')?.[0] ?? 'https://x');

describe('sendResetLink', () => {
  it('mails a single-use link to /reset-password and stores only the hash of its token, for an hour', async () => {
    const { ports, mail, tokens } = setUp();

    expect(await sendResetLink(ports, 'event-1', { email: 'A@Example.com' })).toBe('sent');

    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe('a@example.com');
    const link = linkIn(mail[0]);
    expect(`${link.origin}${link.pathname}`).toBe('https://app.example/reset-password');
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(tokens).toEqual([
      {
        tokenHash: hashMailedToken(token),
        sub: 'sub-1',
        expiresAt: NOW.getTime() / 1000 + RESET_TOKEN_TTL_SECONDS,
      },
    ]);
    expect(JSON.stringify(tokens)).not.toContain(token);
  });

  it('sends nothing, writes no token and marks nothing for an address without an account', async () => {
    const { ports, mail, tokens, seen } = setUp();

    expect(await sendResetLink(ports, 'event-1', { email: 'nobody@example.com' })).toBe('no_account');

    expect(mail).toEqual([]);
    expect(tokens).toEqual([]);
    expect(seen.size).toBe(0);
  });

  it('sends one mail when the bus delivers the same event twice', async () => {
    const { ports, mail, tokens } = setUp();

    expect(await sendResetLink(ports, 'event-1', { email: 'a@example.com' })).toBe('sent');
    expect(await sendResetLink(ports, 'event-1', { email: 'a@example.com' })).toBe('duplicate');

    expect(mail).toHaveLength(1);
    expect(tokens).toHaveLength(1);
  });

  it('sends a fresh link for each new request', async () => {
    const { ports, mail } = setUp();

    await sendResetLink(ports, 'event-1', { email: 'a@example.com' });
    await sendResetLink(ports, 'event-2', { email: 'a@example.com' });

    expect(mail).toHaveLength(2);
    expect(linkIn(mail[0]).searchParams.get('token')).not.toBe(linkIn(mail[1]).searchParams.get('token'));
  });

  it('fails without APP_URL before marking the event, so the delivery is retried rather than lost', async () => {
    const { ports, mail, seen } = setUp({ appUrl: undefined });

    await expect(sendResetLink(ports, 'event-1', { email: 'a@example.com' })).rejects.toThrow(/APP_URL/);

    expect(mail).toEqual([]);
    expect(seen.size).toBe(0);
  });
});
