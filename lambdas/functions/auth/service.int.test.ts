import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { createAttemptCounters } from '../../adapters/aws/attempt-counter-store';
import { createRefreshSessions } from '../../adapters/aws/refresh-session-store';
import { createResetTokens, createVerificationTokens } from '../../adapters/aws/reset-token-store';
import { createUserProfiles } from '../../adapters/aws/user-profile-store';
import { createCognitoIdentity, unverifiedClaims } from '../../adapters/aws/cognito-identity';
import { createIdempotencyMarks } from '../../adapters/aws/table';
import { HttpError } from '../../http/errors';
import type { MailMessage } from '../../ports/mail';
import type { Events } from '../../ports/platform';
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, uniqueEmail } from '../../testing/local-cloud-api';
import {
  RESET_TOKEN_TTL_SECONDS,
  sendResetLink,
  sendVerificationLink,
  VERIFY_TOKEN_TTL_SECONDS,
} from '../../domain/reset-link';
import { createResetRequestService } from '../reset-request/service';
import { ACCOUNTS_PER_VIEWER_GROUP, ATTEMPT_LIMITS } from '../../domain/attempt-limits';
import { ACCOUNT_ERROR_KEYS, DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { createAuthService } from './service';
import { getConfig } from '../../config';
import { getTable } from '../../providers';

const config = await getConfig();
const table = await getTable();

// The auth service over the real adapters (cognito-local, DynamoDB Local) with a clock the test moves, so
// hour-long expiries are checked without waiting. The bus is replaced by a direct call of the
// password-reset consumer's logic, and mail is caught in memory instead of the SES outbox.

function setUp(settings: { accountsPerViewerGroup?: number } = {}) {
  let now = new Date();
  const sent: MailMessage[] = [];
  const clock = { now: () => now };
  const identity = createCognitoIdentity({
    region: config.AWS_REGION,
    userPoolId: config.COGNITO_USER_POOL_ID,
    clientId: config.COGNITO_CLIENT_ID,
    clientSecret: config.COGNITO_CLIENT_SECRET,
  });
  const resetTokens = createResetTokens(table);
  const verificationTokens = createVerificationTokens(table);
  const users = createUserProfiles(table);
  const mailPorts = {
    accounts: users,
    resetTokens,
    verificationTokens,
    marks: createIdempotencyMarks(table),
    mailer: { send: async (message: MailMessage) => void sent.push(message) },
    clock,
    appUrl: 'http://localhost:8787',
  };
  const events: Events = {
    async publish(name, detail) {
      if (name === 'passwordResetRequested') {
        await sendResetLink(mailPorts, randomUUID(), detail as { email: string });
      }
      if (name === 'emailVerificationRequested') {
        await sendVerificationLink(mailPorts, randomUUID(), detail as { email: string });
      }
    },
  };
  const ports = {
    identity,
    users,
    sessions: createRefreshSessions(table),
    resetTokens,
    verificationTokens,
    attempts: createAttemptCounters(table),
    events,
    clock,
    counterSecret: 'service-test',
    ...settings,
  };
  // Forgot-password lives in its own area (reset-request); the tests drive both halves of a reset as one.
  const service = { ...createAuthService(ports), ...createResetRequestService(ports) };
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const lastToken = () =>
    new URL(/https?:\/\/\S+/.exec(sent.at(-1)?.text ?? '')?.[0] ?? 'http://x').searchParams.get('token') ??
    '';
  return { service, advance, lastToken, sent };
}

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

const caller = { ip: '198.51.100.7' };

describe('password reset tokens', () => {
  it('work once within the hour', async () => {
    const { service, lastToken } = setUp();
    const email = uniqueEmail('once');
    await service.register({ email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, caller);
    await service.forgotPassword({ email }, caller);
    const token = lastToken();

    expect(await statusOf(service.resetPassword({ token, password: OTHER_GOOD_PASSWORD }, caller))).toBe(
      'ok',
    );
    expect(await statusOf(service.resetPassword({ token, password: GOOD_PASSWORD }, caller))).toBe(400);
    expect(await statusOf(service.login({ email, password: OTHER_GOOD_PASSWORD }, caller))).toBe('ok');
  });

  it('still work a second before the hour is up and no longer after it', async () => {
    const { service, advance, lastToken } = setUp();
    const email = uniqueEmail('expiry');
    await service.register({ email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, caller);
    await service.forgotPassword({ email }, caller);
    const lateToken = lastToken();
    await service.forgotPassword({ email }, caller);
    const earlyToken = lastToken();

    advance(RESET_TOKEN_TTL_SECONDS - 1);
    expect(
      await statusOf(service.resetPassword({ token: earlyToken, password: OTHER_GOOD_PASSWORD }, caller)),
    ).toBe('ok');
    advance(2);
    expect(await statusOf(service.resetPassword({ token: lateToken, password: GOOD_PASSWORD }, caller))).toBe(
      400,
    );
    expect(await statusOf(service.login({ email, password: OTHER_GOOD_PASSWORD }, caller))).toBe('ok');
  });
});

describe('password reset over the real stores', () => {
  it("ends the account's open sessions, and no other account's", async () => {
    const { service, lastToken } = setUp();
    const email = uniqueEmail('sessions');
    const first = await service.register(
      { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
      caller,
    );
    const second = await service.login({ email, password: GOOD_PASSWORD }, caller);
    const otherEmail = uniqueEmail('bystander');
    const other = await service.register(
      { email: otherEmail, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
      caller,
    );
    await service.forgotPassword({ email }, caller);

    expect(
      await statusOf(service.resetPassword({ token: lastToken(), password: OTHER_GOOD_PASSWORD }, caller)),
    ).toBe('ok');

    const refresh = (session: { token: string }) =>
      service.refresh({ sub: unverifiedClaims(session.token).sub, token: session.token });
    expect(await statusOf(refresh(first))).toBe(401);
    expect(await statusOf(refresh(second))).toBe(401);
    expect(await statusOf(refresh(other))).toBe('ok');
  });
});

describe("the provider's global sign-out on reset, against cognito-local", () => {
  it('is the one call cognito-local lacks: its Unsupported answer, and only that, is taken as done', async () => {
    const identity = createCognitoIdentity({
      region: config.AWS_REGION,
      userPoolId: config.COGNITO_USER_POOL_ID,
      clientId: config.COGNITO_CLIENT_ID,
      clientSecret: config.COGNITO_CLIENT_SECRET,
    });
    const { sub } = await identity.signUp(uniqueEmail('signout'), GOOD_PASSWORD);
    // The raw answer: if cognito-local ever implements the call, this fails and the tolerance in
    // cognito-identity.ts can go.
    const raw = new CognitoIdentityProviderClient({ region: config.AWS_REGION, maxAttempts: 1 });
    await expect(
      raw.send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.COGNITO_USER_POOL_ID, Username: sub })),
    ).rejects.toMatchObject({ name: 'Unsupported', $metadata: { httpStatusCode: 500 } });
    await expect(identity.signOutEverywhere(sub)).resolves.toBeUndefined();
  });
});

const cognito = new CognitoIdentityProviderClient({ region: config.AWS_REGION, maxAttempts: 1 });

/** The account's `email_verified` as cognito-local holds it. */
async function emailVerifiedOf(email: string): Promise<string | undefined> {
  const user = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: config.COGNITO_USER_POOL_ID, Username: email }),
  );
  return user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value;
}

describe('e-mail verification', () => {
  async function registeredWithLink(label: string) {
    const harness = setUp();
    const email = uniqueEmail(label);
    await harness.service.register(
      { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
      caller,
    );
    await harness.service.verificationMail({ email }, caller);
    return { ...harness, email, token: harness.lastToken() };
  }

  it('registers the address unverified, and the account signs in meanwhile', async () => {
    const { service, email, sent } = await registeredWithLink('unverified');

    expect(await emailVerifiedOf(email)).not.toBe('true');
    expect(await statusOf(service.login({ email, password: GOOD_PASSWORD }, caller))).toBe('ok');
    expect(sent.at(-1)).toMatchObject({ to: email, subject: expect.stringMatching(/confirm/i) });
    expect(sent.at(-1)?.text).toMatch(/\/verify-email\?token=[\w-]{40,}/);
  });

  it('marks the address verified when the mailed link is followed', async () => {
    const { service, email, token } = await registeredWithLink('follows');

    expect(await service.verifyEmail({ token }, caller)).toEqual({ message: expect.any(String) });

    expect(await emailVerifiedOf(email)).toBe('true');
  });

  it('takes a verification token once', async () => {
    const { service, token } = await registeredWithLink('twice');
    await service.verifyEmail({ token }, caller);

    await expect(service.verifyEmail({ token }, caller)).rejects.toMatchObject({
      statusCode: 400,
      message: ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken,
    });
  });

  it('refuses a verification token after a week', async () => {
    const { service, advance, email, token } = await registeredWithLink('late');

    advance(VERIFY_TOKEN_TTL_SECONDS);

    expect(await statusOf(service.verifyEmail({ token }, caller))).toBe(400);
    expect(await emailVerifiedOf(email)).not.toBe('true');
  });

  it('answers a wrong token 400 with the message key, the same whatever accounts exist', async () => {
    const { service } = setUp();

    await expect(service.verifyEmail({ token: 'x'.repeat(43) }, caller)).rejects.toMatchObject({
      statusCode: 400,
      message: ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken,
    });
  });

  it('does not take a password-reset token, nor a reset a verification token', async () => {
    const { service, email, token, lastToken } = await registeredWithLink('crossed');
    await service.forgotPassword({ email }, caller);
    const resetToken = lastToken();

    expect(await statusOf(service.verifyEmail({ token: resetToken }, caller))).toBe(400);
    expect(await statusOf(service.resetPassword({ token, password: OTHER_GOOD_PASSWORD }, caller))).toBe(400);
  });

  it('answers a verification-mail request the same for an address without an account, and mails nothing', async () => {
    const { service, sent } = setUp();
    const email = uniqueEmail('nobody');
    const known = await registeredWithLink('somebody');

    const forUnknown = await service.verificationMail({ email }, caller);

    expect(forUnknown).toEqual(await known.service.verificationMail({ email: known.email }, caller));
    expect(sent).toEqual([]);
  });

  it('marks the address verified when a password is reset by a mailed link', async () => {
    const { service, lastToken } = setUp();
    const email = uniqueEmail('reset-verifies');
    await service.register({ email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, caller);
    await service.forgotPassword({ email }, caller);

    await service.resetPassword({ token: lastToken(), password: OTHER_GOOD_PASSWORD }, caller);

    expect(await emailVerifiedOf(email)).toBe('true');
  });
});

describe('abuse limits per IP', () => {
  it('answers 429 once one address has made too many auth attempts, and forgets after the window', async () => {
    const { service, advance } = setUp();
    const ip = { ip: '203.0.113.99' };
    const limit = ATTEMPT_LIMITS.auth;
    // Different emails each time: only the per-IP counter fills up.
    for (let attempt = 0; attempt < limit.perIp; attempt += 1) {
      expect(await statusOf(service.login({ email: uniqueEmail('spray'), password: 'Wrong!123x' }, ip))).toBe(
        401,
      );
    }

    expect(await statusOf(service.login({ email: uniqueEmail('spray'), password: 'Wrong!123x' }, ip))).toBe(
      429,
    );
    advance(limit.windowSeconds);
    expect(await statusOf(service.login({ email: uniqueEmail('spray'), password: 'Wrong!123x' }, ip))).toBe(
      401,
    );
  });
});

describe('accounts created per viewer group per day', () => {
  const registrationOf = (email = uniqueEmail('group')) => ({
    email,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
  });
  type Service = ReturnType<typeof setUp>['service'];
  /** Registers `count` new accounts, the n-th from `addressOf(n)`, each expected to succeed. */
  async function registerMany(service: Service, count: number, addressOf: (index: number) => string) {
    for (let index = 0; index < count; index += 1) {
      expect(await statusOf(service.register(registrationOf(), { ip: addressOf(index) }))).toBe('ok');
    }
  }
  const refusal = { statusCode: 429, message: DAILY_LIMIT_KEYS.accounts };

  it('refuses the account past ACCOUNTS_PER_VIEWER_GROUP from one address in a UTC day, and takes it the next day', async () => {
    const { service, advance } = setUp();
    const ip = '192.0.2.21';
    await registerMany(service, ACCOUNTS_PER_VIEWER_GROUP, () => ip);

    await expect(service.register(registrationOf(), { ip })).rejects.toMatchObject(refusal);
    advance(24 * 60 * 60);
    expect(await statusOf(service.register(registrationOf(), { ip }))).toBe('ok');
  });

  it('counts addresses rotating inside one IPv6 /64 as one viewer group, and not another /64', async () => {
    const { service } = setUp();
    await registerMany(
      service,
      ACCOUNTS_PER_VIEWER_GROUP,
      (index) => `2001:db8:38:1::${(index + 1).toString(16)}`,
    );

    await expect(
      service.register(registrationOf(), { ip: '2001:db8:38:1:ffff:ffff:ffff:ffff' }),
    ).rejects.toMatchObject(refusal);
    expect(await statusOf(service.register(registrationOf(), { ip: '2001:db8:38:2::1' }))).toBe('ok');
  });

  it('gives the place back when the registration creates no account (address taken, form rejected)', async () => {
    const { service } = setUp();
    const ip = { ip: '192.0.2.22' };
    const taken = uniqueEmail('taken');
    await service.register(registrationOf(taken), ip);
    await registerMany(service, ACCOUNTS_PER_VIEWER_GROUP - 2, () => ip.ip);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await statusOf(service.register(registrationOf(taken), ip))).toBe(409);
      expect(
        await statusOf(service.register({ ...registrationOf(), confirmPassword: OTHER_GOOD_PASSWORD }, ip)),
      ).toBe(422);
    }

    expect(await statusOf(service.register(registrationOf(), ip))).toBe('ok');
    await expect(service.register(registrationOf(), ip)).rejects.toMatchObject(refusal);
  });

  it('takes the figure the ACCOUNTS_PER_VIEWER_GROUP setting gives', async () => {
    const { service } = setUp({ accountsPerViewerGroup: 2 });
    const ip = { ip: '192.0.2.24' };
    await registerMany(service, 2, () => ip.ip);

    await expect(service.register(registrationOf(), ip)).rejects.toMatchObject(refusal);
  });

  it('cannot be overshot by registrations sent in parallel', async () => {
    const { service } = setUp();
    const ip = { ip: '192.0.2.23' };

    const answers = await Promise.all(
      Array.from({ length: ACCOUNTS_PER_VIEWER_GROUP + 5 }, () =>
        statusOf(service.register(registrationOf(), ip)),
      ),
    );

    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(ACCOUNTS_PER_VIEWER_GROUP);
    expect(answers.filter((answer) => answer === 429)).toHaveLength(5);
  });
});
