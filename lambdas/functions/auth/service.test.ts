import { REFRESH_SESSION_SECONDS } from '@wayfarer/shared/constants';
import { describe, expect, it } from 'vitest';
import type { EventDetail, EventName } from '@wayfarer/shared/events';
import { FORM_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import type { UserProfiles } from '../../ports/users';
import { HttpError } from '../../http/errors';
import {
  AccountExistsError,
  InvalidCredentialsError,
  RefreshRejectedError,
  type AttemptWindows,
  type Identity,
  type RefreshSessions,
  type ResetTokens,
} from '../../ports/identity';
import { type MailMessage } from '../../ports/mail';
import { type Events } from '../../ports/platform';
import { type UserProfile } from '../../ports/users';
import { RESET_TOKEN_TTL_SECONDS, sendResetLink } from '../../domain/reset-link';
import { createResetRequestService } from '../reset-request/service';
import { ATTEMPT_LIMITS } from '../../domain/attempt-limits';
import { createAuthService } from './service';

// The auth rules over in-memory ports: what each call answers, and what it must never reveal. The same
// calls run against cognito-local and DynamoDB Local in the *.int.test.ts files. Published events are
// queued, and `deliver()` hands them to the password-reset consumer as the bus would.

const PASSWORD = 'Travel!2024x';
const NEW_PASSWORD = 'Voyage$2025y';

function fakeIdentity() {
  const accounts = new Map<string, { sub: string; password: string }>();
  const revoked: string[] = [];
  const signedOut: string[] = [];
  const verified: string[] = [];
  let issued = 0;
  const session = (sub: string) => {
    issued += 1;
    return {
      accessToken: `access-${sub}-${issued}`,
      refreshToken: `refresh-${sub}`,
      sub,
      // An hour after the tests' clock starts (2026-01-01T00:00Z), as Cognito's access tokens last.
      accessTokenExpiresAt: 1_767_229_200,
    };
  };
  const identity: Identity = {
    async deleteUser() {},
    async signUp(email, password) {
      if (accounts.has(email)) throw new AccountExistsError();
      const sub = `sub-${accounts.size + 1}`;
      accounts.set(email, { sub, password });
      return { sub };
    },
    async signIn(email, password) {
      const account = accounts.get(email);
      if (!account || account.password !== password) throw new InvalidCredentialsError();
      return session(account.sub);
    },
    async refresh(sub, refreshToken) {
      if (refreshToken !== `refresh-${sub}`) throw new RefreshRejectedError();
      return session(sub);
    },
    async emailOf(sub) {
      return [...accounts].find(([, account]) => account.sub === sub)?.[0];
    },
    async setPassword(sub, password) {
      for (const account of accounts.values()) if (account.sub === sub) account.password = password;
    },
    async revoke(refreshToken) {
      revoked.push(refreshToken);
    },
    async markEmailVerified(sub) {
      verified.push(sub);
      return [...accounts.values()].some((account) => account.sub === sub);
    },
    async signOutEverywhere(sub) {
      signedOut.push(sub);
    },
  };
  return Object.assign(identity, { revoked, signedOut, verified });
}

function setUp() {
  const calls: string[] = [];
  let now = new Date('2026-01-01T00:00:00Z');
  const profiles = new Map<string, UserProfile>();
  const users: UserProfiles = {
    getProfile: async (sub) => profiles.get(sub),
    createProfile: async (profile) => void (profiles.has(profile.sub) || profiles.set(profile.sub, profile)),
    findSubByEmail: async (email) => {
      calls.push('users.findSubByEmail');
      return [...profiles.values()].find((profile) => profile.email === email)?.sub;
    },
  };
  const stored = new Map<string, { sub: string; refreshToken: string; expiresAt: number }>();
  const sessions: RefreshSessions = {
    save: async ({ accessToken, ...rest }) => void stored.set(accessToken, rest),
    take: async (accessToken) => {
      const found = stored.get(accessToken);
      stored.delete(accessToken);
      return found;
    },
    endAll: async (sub) => {
      for (const [accessToken, session] of stored) if (session.sub === sub) stored.delete(accessToken);
    },
  };
  const tokens = new Map<string, { sub: string; expiresAt: number }>();
  const resetTokens: ResetTokens = {
    save: async ({ tokenHash, ...rest }) => void tokens.set(tokenHash, rest),
    redeem: async (tokenHash, at) => {
      const found = tokens.get(tokenHash);
      tokens.delete(tokenHash);
      return found && found.expiresAt > at.getTime() / 1000 ? found.sub : undefined;
    },
  };
  const counts = new Map<string, number>();
  const windowKey = (counter: string, windowSeconds: number, at: Date) =>
    `${counter}@${Math.floor(at.getTime() / 1000 / windowSeconds)}`;
  const attempts: AttemptWindows = {
    count: async (counter, windowSeconds, at) => {
      calls.push('attempts.count');
      const key = windowKey(counter, windowSeconds, at);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key) ?? 0;
    },
    // The account places (per viewer group per day) are tested against DynamoDB Local (service.int.test.ts).
    reserve: async (counter, windowSeconds, at, limit) => {
      const key = windowKey(counter, windowSeconds, at);
      if ((counts.get(key) ?? 0) >= limit) return false;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return true;
    },
    release: async (counter, windowSeconds, at) => {
      const key = windowKey(counter, windowSeconds, at);
      counts.set(key, (counts.get(key) ?? 0) - 1);
    },
  };
  const mail: MailMessage[] = [];
  const published: { name: EventName; detail: unknown }[] = [];
  const events: Events = {
    publish: async <Name extends EventName>(name: Name, detail: EventDetail<Name>) => {
      calls.push(`events.publish:${name}`);
      published.push({ name, detail });
    },
  };
  const identity = fakeIdentity();
  const clock = { now: () => now };
  const ports = {
    identity,
    users,
    sessions,
    resetTokens,
    // Verification is tested against DynamoDB Local and cognito-local (service.int.test.ts).
    verificationTokens: { redeem: async () => undefined },
    attempts,
    events,
    clock,
    counterSecret: 'test',
  };
  // Forgot-password lives in its own area (reset-request); the tests drive both halves of a reset as one.
  const service = { ...createAuthService(ports), ...createResetRequestService(ports) };
  const marks = new Set<string>();
  let delivered = 0;
  /** Runs the consumer for every event published so far, as the bus would. */
  const deliver = async () => {
    for (const event of published.splice(0)) {
      if (event.name !== 'passwordResetRequested') continue;
      delivered += 1;
      await sendResetLink(
        {
          accounts: users,
          resetTokens,
          marks: {
            markOnce: async (id) => {
              if (marks.has(id)) return false;
              marks.add(id);
              return true;
            },
          },
          mailer: { send: async (message) => void mail.push(message) },
          clock,
          appUrl: 'https://app.example',
        },
        `event-${delivered}`,
        event.detail as EventDetail<'passwordResetRequested'>,
      );
    }
  };
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const linkToken = () =>
    new URL(/https:\S+/.exec(mail.at(-1)?.text ?? '')?.[0] ?? 'https://x').searchParams.get('token') ?? '';
  return {
    service,
    advance,
    mail,
    counts,
    linkToken,
    published,
    calls,
    deliver,
    stored,
    identity,
    now: clock.now,
  };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

const here = { ip: '192.0.2.1' };
const registration = (email: string, password = PASSWORD, confirmPassword = password) => ({
  email,
  password,
  confirmPassword,
});

describe('register', () => {
  it('answers a session whose user has the email and no subscription', async () => {
    const { service } = setUp();

    const session = await service.register(registration('Ana@Example.com'), here);

    expect(session.user).toEqual({ email: 'ana@example.com', subscriptionStatus: 'NONE' });
    expect(session.token).toMatch(/^access-/);
  });

  it.each([
    ['Sh1!a', FORM_ERROR_KEYS.passwordMinLength],
    ['NOLOWER1!', FORM_ERROR_KEYS.passwordLowercase],
    ['noupper1!', FORM_ERROR_KEYS.passwordUppercase],
    ['NoNumber!', FORM_ERROR_KEYS.passwordNumber],
    ['NoSpecial1', FORM_ERROR_KEYS.passwordSpecial],
  ])('refuses %j with 422 and the register form key', async (password, key) => {
    const { service } = setUp();

    expect(await failure(service.register(registration('a@example.com', password), here))).toEqual({
      status: 422,
      message: key,
    });
  });

  it('refuses a confirmation that differs with the literal message', async () => {
    const { service } = setUp();

    const answer = await failure(service.register(registration('a@example.com', PASSWORD, 'other'), here));

    expect(answer).toEqual({ status: 422, message: FORM_ERROR_KEYS.passwordsDoNotMatch });
  });

  it('answers 409 to an email that already has an account', async () => {
    const { service } = setUp();
    await service.register(registration('a@example.com'), here);

    expect((await failure(service.register(registration('A@example.com'), here))).status).toBe(409);
  });
});

describe('login', () => {
  it('gives an unknown email and a wrong password the same 401', async () => {
    const { service } = setUp();
    await service.register(registration('a@example.com'), here);

    const wrongPassword = await failure(
      service.login({ email: 'a@example.com', password: 'Wrong!123x' }, here),
    );
    const unknownEmail = await failure(
      service.login({ email: 'b@example.com', password: 'Wrong!123x' }, here),
    );

    expect(wrongPassword).toEqual({ status: 401, message: 'error_login_failed' });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('answers 429 error_rate_limit_auth past the per-email limit, whatever the password', async () => {
    const { service } = setUp();
    await service.register(registration('a@example.com'), here);
    for (let attempt = 0; attempt < ATTEMPT_LIMITS.auth.perEmail; attempt += 1) {
      await failure(service.login({ email: 'a@example.com', password: 'Wrong!123x' }, here));
    }

    const blocked = await failure(service.login({ email: 'a@example.com', password: PASSWORD }, here));

    expect(blocked).toEqual({ status: 429, message: 'error_rate_limit_auth' });
  });

  it('keeps neither the email nor the IP in the counter names', async () => {
    const { service, counts } = setUp();

    await failure(service.login({ email: 'a@example.com', password: 'Wrong!123x' }, here));

    expect([...counts.keys()].join(' ')).not.toMatch(/example|192\.0/);
  });
});

describe('refresh', () => {
  it('swaps the access token for a new one, once', async () => {
    const { service } = setUp();
    const first = await service.register(registration('a@example.com'), here);
    const caller = { sub: 'sub-1', token: first.token };

    const second = await service.refresh(caller);

    expect(second.token).not.toBe(first.token);
    expect(second.user.email).toBe('a@example.com');
    expect((await failure(service.refresh(caller))).status).toBe(401);
  });

  it('keeps the refresh session as long as the refresh token lives, not only the access token’s hour', async () => {
    const { service, stored, now } = setUp();
    const first = await service.register(registration('a@example.com'), here);
    const session = stored.get(first.token);
    expect(session?.expiresAt).toBeGreaterThanOrEqual(
      Math.floor(now().getTime() / 1000) + REFRESH_SESSION_SECONDS,
    );
  });

  it('logout revokes the session’s refresh token with the provider and ends the session', async () => {
    const { service, identity } = setUp();
    const first = await service.register(registration('a@example.com'), here);
    await service.logout({ sub: 'sub-1', token: first.token });
    expect(identity.revoked).toEqual(['refresh-sub-1']);
    expect((await failure(service.refresh({ sub: 'sub-1', token: first.token }))).status).toBe(401);
    // A second logout, or one without a session, changes nothing and still answers.
    await expect(service.logout({ sub: 'sub-1', token: first.token })).resolves.toEqual({ ok: true });
  });

  it("answers 401 to another user's token", async () => {
    const { service } = setUp();
    const first = await service.register(registration('a@example.com'), here);

    expect((await failure(service.refresh({ sub: 'sub-2', token: first.token }))).status).toBe(401);
  });
});

describe('password reset', () => {
  it('publishes password-reset.requested with the normalised email, and mails nothing itself', async () => {
    const { service, mail, published } = setUp();

    await service.forgotPassword({ email: ' A@Example.com ' }, here);

    expect(published).toEqual([{ name: 'passwordResetRequested', detail: { email: 'a@example.com' } }]);
    expect(mail).toEqual([]);
  });

  it('does the same work and answers the same whether or not the account exists', async () => {
    const { service, calls } = setUp();
    await service.register(registration('a@example.com'), here);

    calls.length = 0;
    const known = await service.forgotPassword({ email: 'a@example.com' }, here);
    const knownCalls = calls.splice(0);
    const unknown = await service.forgotPassword({ email: 'nobody@example.com' }, here);

    expect(unknown).toEqual(known);
    expect(calls).toEqual(knownCalls);
    expect(knownCalls).not.toContain('users.findSubByEmail');
  });

  it('mails a link to /reset-password once delivered, only when the account exists', async () => {
    const { service, mail, deliver } = setUp();
    await service.register(registration('a@example.com'), here);

    await service.forgotPassword({ email: 'a@example.com' }, here);
    await service.forgotPassword({ email: 'nobody@example.com' }, here);
    await deliver();

    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe('a@example.com');
    expect(mail[0]?.text).toMatch(/https:\/\/app\.example\/reset-password\?token=[\w-]{40,}/);
  });

  it('sets the new password with a token used once within the hour', async () => {
    const { service, advance, linkToken, deliver } = setUp();
    await service.register(registration('a@example.com'), here);
    await service.forgotPassword({ email: 'a@example.com' }, here);
    await deliver();
    const token = linkToken();
    advance(RESET_TOKEN_TTL_SECONDS - 1);

    await service.resetPassword({ token, password: NEW_PASSWORD }, here);

    expect((await service.login({ email: 'a@example.com', password: NEW_PASSWORD }, here)).user.email).toBe(
      'a@example.com',
    );
    expect(await failure(service.resetPassword({ token, password: PASSWORD }, here))).toEqual({
      status: 400,
      message: 'invalid_token_message',
    });
  });

  it('ends every open session of the account: none can refresh after the reset', async () => {
    const { service, linkToken, deliver } = setUp();
    const onPhone = await service.register(registration('a@example.com'), here);
    const onLaptop = await service.login({ email: 'a@example.com', password: PASSWORD }, here);
    const someoneElse = await service.register(registration('b@example.com'), here);
    await service.forgotPassword({ email: 'a@example.com' }, here);
    await deliver();

    await service.resetPassword({ token: linkToken(), password: NEW_PASSWORD }, here);

    const refreshOf = (session: { token: string }, sub: string) =>
      service.refresh({ sub, token: session.token });
    expect((await failure(refreshOf(onPhone, 'sub-1'))).status).toBe(401);
    expect((await failure(refreshOf(onLaptop, 'sub-1'))).status).toBe(401);
    await expect(refreshOf(someoneElse, 'sub-2')).resolves.toMatchObject({
      user: { email: 'b@example.com' },
    });
  });

  it("signs the account out with the identity provider too: the provider's own refresh tokens die", async () => {
    const { service, identity, linkToken, deliver } = setUp();
    await service.register(registration('a@example.com'), here);
    await service.register(registration('b@example.com'), here);
    await service.forgotPassword({ email: 'a@example.com' }, here);
    await deliver();

    await service.resetPassword({ token: linkToken(), password: NEW_PASSWORD }, here);

    expect(identity.signedOut).toEqual(['sub-1']);
  });

  it('refuses a token after an hour', async () => {
    const { service, advance, linkToken, deliver } = setUp();
    await service.register(registration('a@example.com'), here);
    await service.forgotPassword({ email: 'a@example.com' }, here);
    await deliver();
    advance(RESET_TOKEN_TTL_SECONDS);

    expect(
      (await failure(service.resetPassword({ token: linkToken(), password: NEW_PASSWORD }, here))).status,
    ).toBe(400);
  });

  it("refuses a weak password with the rule's message key, keeping the token usable", async () => {
    const { service, linkToken, deliver } = setUp();
    await service.register(registration('a@example.com'), here);
    await service.forgotPassword({ email: 'a@example.com' }, here);
    await deliver();
    const token = linkToken();

    expect(await failure(service.resetPassword({ token, password: 'short' }, here))).toEqual({
      status: 422,
      message: FORM_ERROR_KEYS.passwordMinLength,
    });
    await expect(service.resetPassword({ token, password: NEW_PASSWORD }, here)).resolves.toBeDefined();
  });

  it('answers 429 error_rate_limit_password_reset past the per-email limit', async () => {
    const { service } = setUp();
    for (let attempt = 0; attempt < ATTEMPT_LIMITS['password-reset'].perEmail; attempt += 1) {
      await service.forgotPassword({ email: 'a@example.com' }, here);
    }

    expect(await failure(service.forgotPassword({ email: 'a@example.com' }, here))).toEqual({
      status: 429,
      message: 'error_rate_limit_password_reset',
    });
  });
});
