import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FORM_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import {
  callApi,
  claimsOf,
  GOOD_PASSWORD,
  localCloudUrl,
  OTHER_GOOD_PASSWORD,
  signToken,
  uniqueEmail,
  type JsonAnswer,
} from '../../testing/local-cloud-api';

// The auth calls end to end through the local cloud's gateway: the real handlers, cognito-local, DynamoDB
// Local, the JWT verifier with cognito-local's preloaded key set, and the SES outbox.

const url = localCloudUrl();

const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(url, method, path, options);

interface Session {
  token: string;
  user: { email: string; subscriptionStatus: string };
}

async function register(email: string, password = GOOD_PASSWORD): Promise<Session> {
  const answer = await api('POST', '/api/auth/register', {
    json: { email, password, confirmPassword: password },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Session;
}

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  sentAt: string;
}

async function outboxFor(email: string): Promise<OutboxEntry[]> {
  const response = await fetch(new URL('/__local/outbox', url));
  expect(response.status).toBe(200);
  return ((await response.json()) as OutboxEntry[]).filter((mail) => mail.to === email);
}

/** Reset mail leaves from a bus consumer, after forgot-password has answered: wait (bounded) for it. */
async function mailFor(email: string, count = 1, timeoutMs = 10_000): Promise<OutboxEntry[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await outboxFor(email);
    if (mail.length >= count || Date.now() > deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function errorOf(answer: JsonAnswer): unknown {
  return (answer.body as { error?: unknown }).error;
}

describe('register and sign in', () => {
  it('registers, answers a session at once, and the token reads the user back', async () => {
    const email = uniqueEmail('register');

    const session = await register(email);

    expect(session.user).toEqual({ email, subscriptionStatus: 'NONE' });
    const me = await api('GET', '/api/auth/me', { token: session.token });
    expect(me).toEqual({ status: 200, body: { email, subscriptionStatus: 'NONE' } });
  });

  it('signs in with the password, case-insensitively on the email', async () => {
    const email = uniqueEmail('login');
    await register(email);

    const answer = await api('POST', '/api/auth/login', {
      json: { email: email.toUpperCase(), password: GOOD_PASSWORD },
    });

    expect(answer.status).toBe(200);
    expect((answer.body as Session).user.email).toBe(email);
  });

  it('gives a wrong password and an unknown email the same 401', async () => {
    const email = uniqueEmail('wrong');
    await register(email);

    const wrongPassword = await api('POST', '/api/auth/login', { json: { email, password: 'Nope!1234a' } });
    const unknownEmail = await api('POST', '/api/auth/login', {
      json: { email: uniqueEmail('nobody'), password: 'Nope!1234a' },
    });

    expect(wrongPassword).toEqual({ status: 401, body: { error: 'error_login_failed' } });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('refuses a second account for the same email with 409', async () => {
    const email = uniqueEmail('twice');
    await register(email);

    const again = await api('POST', '/api/auth/register', {
      json: { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });

    expect(again).toEqual({ status: 409, body: { error: 'error_registration_failed' } });
  });

  it.each([
    ['Sh1!a', 'x', FORM_ERROR_KEYS.passwordMinLength],
    ['UPPER123!', 'UPPER123!', FORM_ERROR_KEYS.passwordLowercase],
    ['lower123!', 'lower123!', FORM_ERROR_KEYS.passwordUppercase],
    ['NoDigits!x', 'NoDigits!x', FORM_ERROR_KEYS.passwordNumber],
    ['NoSpecial1x', 'NoSpecial1x', FORM_ERROR_KEYS.passwordSpecial],
    [GOOD_PASSWORD, `${GOOD_PASSWORD}x`, FORM_ERROR_KEYS.passwordsDoNotMatch],
  ])(
    'rejects register password %j / confirm %j with the form message',
    async (password, confirm, message) => {
      const answer = await api('POST', '/api/auth/register', {
        json: {
          email: uniqueEmail('rules'),
          password,
          confirmPassword: confirm === 'x' ? password : confirm,
        },
      });

      expect(answer).toEqual({ status: 422, body: { error: message } });
    },
  );
});

describe('tokens', () => {
  let session: Session;
  beforeAll(async () => {
    session = await register(uniqueEmail('tokens'));
  });

  it('answers 401 to /me without a token, with a malformed header, or with garbage', async () => {
    expect((await api('GET', '/api/auth/me')).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('answers 401 to an expired token signed with the right key', async () => {
    const claims = claimsOf(session.token);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = signToken({ ...claims, iat: past, auth_time: past, exp: past + 3600 });

    const answer = await api('GET', '/api/auth/me', { token: expired });

    expect(answer.status).toBe(401);
    expect(typeof errorOf(answer)).toBe('string');
  });

  it('answers 401 to a tampered token (claims changed after signing)', async () => {
    const [header, , signature] = session.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...claimsOf(session.token), sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');

    const answer = await api('GET', '/api/auth/me', { token: `${header}.${payload}.${signature}` });

    expect(answer.status).toBe(401);
  });

  it('answers 401 to tokens forged with another key, an unknown key id, or no signature', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const claims = claimsOf(session.token);
    const forged = signToken(claims, { key: privateKey });
    const unknownKid = signToken(claims, { kid: 'SomeoneElse', key: privateKey });
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${session.token.split('.')[1]}.`;

    for (const token of [forged, unknownKid, unsigned]) {
      expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    }
  });

  it('answers 401 to a token for another app client or of the wrong use', async () => {
    const claims = claimsOf(session.token);
    const otherClient = signToken({ ...claims, client_id: 'someotherclient0000000000' });
    const idToken = signToken({ ...claims, token_use: 'id' });

    expect((await api('GET', '/api/auth/me', { token: otherClient })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: idToken })).status).toBe(401);
  });
});

describe('refresh', () => {
  it('issues a new token from the server-side refresh token, once per access token', async () => {
    const email = uniqueEmail('refresh');
    const first = await register(email);
    // Tokens are stamped to the second: the new one differs once the clock has passed the first one's second.
    const issuedAt = claimsOf(first.token).iat as number;
    await vi.waitFor(() => expect(Date.now() / 1000).toBeGreaterThanOrEqual(issuedAt + 1), {
      timeout: 5_000,
      interval: 50,
    });

    const refreshed = await api('POST', '/api/auth/refresh', { token: first.token });

    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const second = refreshed.body as Session;
    expect(second.token).not.toBe(first.token);
    expect(second.user).toEqual({ email, subscriptionStatus: 'NONE' });
    expect(claimsOf(second.token).exp).toBeGreaterThan(claimsOf(first.token).exp as number);
    expect((await api('GET', '/api/auth/me', { token: second.token })).status).toBe(200);
    // The session moved to the new token: the old one cannot refresh again.
    expect((await api('POST', '/api/auth/refresh', { token: first.token })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { token: second.token })).status).toBe(200);
  });

  it('logs out: the refresh token is revoked with the app client (its secret), and the token no longer refreshes', async () => {
    const session = await register(uniqueEmail('logout'));

    const loggedOut = await api('POST', '/api/auth/logout', { token: session.token });

    expect(loggedOut.status, JSON.stringify(loggedOut.body)).toBe(200);
    expect(loggedOut.body).toEqual({ ok: true });
    expect((await api('POST', '/api/auth/refresh', { token: session.token })).status).toBe(401);
  });

  it('answers 401 without a token and for a valid token that has no server-side session', async () => {
    const session = await register(uniqueEmail('nosession'));
    const sameClaimsOtherToken = signToken({ ...claimsOf(session.token), jti: 'another-jti' });

    expect((await api('POST', '/api/auth/refresh')).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { token: sameClaimsOtherToken })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link; the new password works and the old one no longer does', async () => {
    const email = uniqueEmail('reset');
    await register(email);

    const forgot = await api('POST', '/api/auth/forgot-password', { json: { email } });

    expect(forgot.status).toBe(200);
    const [mail] = await mailFor(email);
    expect(mail?.link).toMatch(/\/reset-password\?token=[\w-]{20,}$/);
    const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';

    const reset = await api('POST', '/api/auth/reset-password', {
      json: { token, password: OTHER_GOOD_PASSWORD },
    });
    expect(reset.status).toBe(200);
    const again = await api('POST', '/api/auth/reset-password', { json: { token, password: GOOD_PASSWORD } });
    expect(again).toEqual({ status: 400, body: { error: 'invalid_token_message' } });

    const oldPassword = await api('POST', '/api/auth/login', { json: { email, password: GOOD_PASSWORD } });
    const newPassword = await api('POST', '/api/auth/login', {
      json: { email, password: OTHER_GOOD_PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    expect(newPassword.status).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = uniqueEmail('known');
    await register(known);
    const unknown = uniqueEmail('unknown');

    const forUnknown = await api('POST', '/api/auth/forgot-password', { json: { email: unknown } });
    const forKnown = await api('POST', '/api/auth/forgot-password', { json: { email: known } });

    expect(forUnknown).toEqual(forKnown);
    // Once the later request's mail is out, the earlier one has had its delivery; give it a moment more.
    expect(await mailFor(known)).toHaveLength(1);
    expect(await mailFor(unknown, 1, 1_000)).toEqual([]);
  });

  it('checks the new password with the reset page messages before spending the token', async () => {
    const email = uniqueEmail('weakreset');
    await register(email);
    await api('POST', '/api/auth/forgot-password', { json: { email } });
    const token = new URL((await mailFor(email))[0]?.link ?? '').searchParams.get('token') ?? '';

    const weak = await api('POST', '/api/auth/reset-password', { json: { token, password: 'weakpass' } });

    expect(weak).toEqual({ status: 422, body: { error: FORM_ERROR_KEYS.passwordUppercase } });
    const strong = await api('POST', '/api/auth/reset-password', {
      json: { token, password: OTHER_GOOD_PASSWORD },
    });
    expect(strong.status).toBe(200);
  });

  it('answers 400 invalid_token_message to a token that was never issued', async () => {
    const answer = await api('POST', '/api/auth/reset-password', {
      json: { token: 'x'.repeat(43), password: OTHER_GOOD_PASSWORD },
    });

    expect(answer).toEqual({ status: 400, body: { error: 'invalid_token_message' } });
  });
});

describe('abuse limits', () => {
  it('answers 429 error_rate_limit_auth after repeated logins for one email', async () => {
    const email = uniqueEmail('hammer');
    const statuses: number[] = [];
    let last: JsonAnswer | undefined;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = await api('POST', '/api/auth/login', { json: { email, password: 'Wrong!123x' } });
      statuses.push(last.status);
    }

    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(last).toEqual({ status: 429, body: { error: 'error_rate_limit_auth' } });
  });

  it('answers 429 error_rate_limit_password_reset after repeated forgot-password calls for one email', async () => {
    const email = uniqueEmail('floodmail');
    let last: JsonAnswer | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last = await api('POST', '/api/auth/forgot-password', { json: { email } });
    }

    expect(last).toEqual({ status: 429, body: { error: 'error_rate_limit_password_reset' } });
  });
});
