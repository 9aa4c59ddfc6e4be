import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '@wayfarer/shared/api/account';
import { createDocumentClient } from '../../adapters/aws/table';
import { getConfig } from '../../config';
import {
  callApi,
  claimsOf,
  eventually,
  GOOD_PASSWORD,
  localCloudUrl,
  OTHER_GOOD_PASSWORD,
  uniqueEmail,
} from '../../testing/local-cloud-api';
import { scanTable } from '../../testing/scan-table';

// The account page's calls end to end through the local cloud's gateway: the real handlers, cognito-local,
// DynamoDB Local, the local Stripe behind its checkout and portal pages, the bus and the SES outbox.

const url = localCloudUrl();
const config = await getConfig();

const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(url, method, path, options);

interface Account {
  readonly email: string;
  readonly token: string;
  readonly sub: string;
}

async function registered(label: string): Promise<Account> {
  const email = uniqueEmail(label);
  const answer = await api('POST', '/api/auth/register', {
    json: { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { token } = answer.body as { token: string };
  return { email, token, sub: String(claimsOf(token).sub) };
}

async function signedIn(email: string, password = GOOD_PASSWORD): Promise<string> {
  const answer = await api('POST', '/api/auth/login', { json: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { token: string }).token;
}

async function outboxFor(email: string): Promise<{ subject: string; text: string }[]> {
  const response = await fetch(new URL('/__local/outbox', url));
  return ((await response.json()) as { to: string; subject: string; text: string }[]).filter(
    (mail) => mail.to === email,
  );
}

async function tableText(): Promise<string> {
  return JSON.stringify(await scanTable(createDocumentClient(config.AWS_REGION), config.TABLE_NAME));
}

/** Subscribes through the local checkout page and opens a portal session, whose page shows Stripe's state. */
async function subscribed(account: Account): Promise<string> {
  const checkout = await api('POST', '/api/stripe/create-checkout-session', { token: account.token });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const checkoutUrl = (checkout.body as { checkoutUrl: string }).checkoutUrl;
  const session = new URL(checkoutUrl).searchParams.get('session') ?? '';
  const paid = await fetch(new URL('/__local/checkout/pay', checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const portal = await api('POST', '/api/stripe/customer-portal', { token: account.token });
  expect(portal.status, JSON.stringify(portal.body)).toBe(200);
  return (portal.body as { portalUrl: string }).portalUrl;
}

async function portalStatus(portalUrl: string): Promise<string> {
  const html = await (await fetch(portalUrl)).text();
  return /data-testid="local-portal-status">([^<]*)</.exec(html)?.[1] ?? '';
}

describe('change password', () => {
  it('refuses a wrong current password with 403 account_error_wrong_password and changes nothing', async () => {
    const account = await registered('change-wrong');

    const answer = await api('POST', '/api/auth/change-password', {
      token: account.token,
      json: {
        currentPassword: OTHER_GOOD_PASSWORD,
        newPassword: OTHER_GOOD_PASSWORD,
        confirmPassword: OTHER_GOOD_PASSWORD,
      },
    });

    expect(answer).toEqual({ status: 403, body: { error: 'account_error_wrong_password' } });
    expect((await api('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
    await signedIn(account.email, GOOD_PASSWORD);
  });

  it('ends every other session and keeps this browser signed in with a fresh token', async () => {
    const account = await registered('change-ends');
    const otherDevice = await signedIn(account.email);

    const answer = await api('POST', '/api/auth/change-password', {
      token: account.token,
      json: {
        currentPassword: GOOD_PASSWORD,
        newPassword: OTHER_GOOD_PASSWORD,
        confirmPassword: OTHER_GOOD_PASSWORD,
      },
    });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const fresh = (answer.body as { token: string }).token;
    expect((await api('GET', '/api/auth/me', { token: fresh })).status).toBe(200);
    expect((await api('POST', '/api/auth/refresh', { token: otherDevice })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { token: fresh })).status).toBe(200);
    const oldPassword = await api('POST', '/api/auth/login', {
      json: { email: account.email, password: GOOD_PASSWORD },
    });
    expect(oldPassword).toEqual({ status: 401, body: { error: 'error_login_failed' } });
    await signedIn(account.email, OTHER_GOOD_PASSWORD);
  });

  it('refuses a new password that breaks a rule of docs/SPEC.md §5 with its message key', async () => {
    const account = await registered('change-weak');

    const answer = await api('POST', '/api/auth/change-password', {
      token: account.token,
      json: { currentPassword: GOOD_PASSWORD, newPassword: 'short', confirmPassword: 'short' },
    });

    expect(answer).toEqual({ status: 422, body: { error: 'form_error_password_min_length' } });
  });
});

describe('sign out everywhere', () => {
  it('ends every other session; this browser stays signed in with a fresh token', async () => {
    const account = await registered('everywhere');
    const otherDevice = await signedIn(account.email);

    const answer = await api('POST', '/api/auth/sign-out-everywhere', {
      token: account.token,
      json: { password: GOOD_PASSWORD },
    });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const fresh = (answer.body as { token: string }).token;
    expect((await api('POST', '/api/auth/refresh', { token: otherDevice })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { token: fresh })).status).toBe(200);
  });

  it('needs the password: a token alone gets 403 and no session ends', async () => {
    const account = await registered('everywhere-wrong');
    const otherDevice = await signedIn(account.email);

    const answer = await api('POST', '/api/auth/sign-out-everywhere', {
      token: account.token,
      json: { password: OTHER_GOOD_PASSWORD },
    });

    expect(answer).toEqual({ status: 403, body: { error: 'account_error_wrong_password' } });
    expect((await api('POST', '/api/auth/refresh', { token: otherDevice })).status).toBe(200);
  });
});

describe('export', () => {
  it('gives the account its profile, use by day, subscription and sessions, and nothing of another account', async () => {
    const account = await registered('export');
    const other = await registered('export-other');
    await signedIn(other.email);
    const analysed = await api('POST', '/api/analysis/emergency', {
      token: account.token,
      json: { text: 'Help, my passport was stolen.' },
    });
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);

    const answer = await api('POST', '/api/account/export', {
      token: account.token,
      json: { password: GOOD_PASSWORD },
    });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const exported = accountExportSchema.parse(answer.body);
    expect(exported.profile).toEqual({ email: account.email, subscriptionStatus: 'NONE' });
    expect(exported.allowanceUseByDay[0]?.analysedCharacters).toBeGreaterThan(0);
    expect(exported.openSessions.length).toBe(1);
    expect(exported.keptOnlyOnTheDevice).toMatch(/history/i);
    expect(exported.neverKeptOnTheServer).toMatch(/voice.*transcript.*translation/i);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.sub);
    expect(text).not.toContain(account.sub);
  });

  it('needs the password: a wrong one gets 403 and none of the account, a token alone exports nothing', async () => {
    const account = await registered('export-wrong');
    const otherDevice = await signedIn(account.email);

    const wrong = await api('POST', '/api/account/export', {
      token: account.token,
      json: { password: OTHER_GOOD_PASSWORD },
    });

    expect(wrong).toEqual({ status: 403, body: { error: 'account_error_wrong_password' } });
    expect((await api('POST', '/api/auth/refresh', { token: otherDevice })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
    // What a thief holding only the access token can send: no password, or the address as a plain GET.
    const tokenAlone = await api('POST', '/api/account/export', { token: account.token, json: {} });
    expect(tokenAlone.status).toBe(422);
    const plainGet = await api('GET', '/api/account/export', { token: account.token });
    expect(plainGet.status).not.toBe(200);
    for (const refused of [wrong, tokenAlone, plainGet])
      expect(JSON.stringify(refused.body)).not.toContain(account.email);
  });

  it('refuses a call without a token with 401', async () => {
    expect((await api('POST', '/api/account/export', { json: { password: GOOD_PASSWORD } })).status).toBe(
      401,
    );
  });
});

describe('delete the account', () => {
  it('with a wrong password changes nothing', async () => {
    const account = await registered('delete-wrong');

    const answer = await api('DELETE', '/api/account', {
      token: account.token,
      json: { password: OTHER_GOOD_PASSWORD },
    });

    expect(answer).toEqual({ status: 403, body: { error: 'account_error_wrong_password' } });
    expect((await api('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
    expect(await tableText()).toContain(account.sub);
    await signedIn(account.email);
  });

  it('cancels the subscription in Stripe, leaves no table item of the account, refuses its token and sign-in, mails a goodbye, and the address registers again', async () => {
    const account = await registered('delete');
    const otherDevice = await signedIn(account.email);
    const portalUrl = await subscribed(account);
    expect(await portalStatus(portalUrl)).toBe('Active');
    await api('POST', '/api/auth/verification-mail', { json: { email: account.email } });
    await eventually(
      () => outboxFor(account.email),
      (mail) => mail.length >= 1,
    );
    await api('POST', '/api/analysis/emergency', {
      token: account.token,
      json: { text: 'I lost my wallet.' },
    });
    expect(await tableText()).toContain(account.sub);

    const answer = await api('DELETE', '/api/account', {
      token: account.token,
      json: { password: GOOD_PASSWORD },
    });

    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(await portalStatus(portalUrl)).toBe('Canceled');
    expect(await tableText()).not.toContain(account.sub);
    expect((await api('GET', '/api/auth/me', { token: account.token })).status).toBe(401);
    const exportAfter = await api('POST', '/api/account/export', {
      token: account.token,
      json: { password: GOOD_PASSWORD },
    });
    expect(exportAfter.status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { token: otherDevice })).status).toBe(401);
    const login = await api('POST', '/api/auth/login', {
      json: { email: account.email, password: GOOD_PASSWORD },
    });
    expect(login).toEqual({ status: 401, body: { error: 'error_login_failed' } });
    const goodbye = await eventually(
      () => outboxFor(account.email),
      (mail) => mail.some((entry) => /deleted/i.test(entry.subject)),
    );
    expect(goodbye.some((entry) => /deleted/i.test(entry.subject))).toBe(true);
    const again = await api('POST', '/api/auth/register', {
      json: { email: account.email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(String(claimsOf((again.body as { token: string }).token).sub)).not.toBe(account.sub);
  });
});
