import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { usageDay } from '@wayfarer/lambdas/domain/allowance';
import { getConfig } from '@wayfarer/lambdas/config';
import { getTable } from '@wayfarer/lambdas/providers';
import { callApi, claimsOf, GOOD_PASSWORD, uniqueEmail } from '@wayfarer/lambdas/testing/local-cloud-api';
import { stripeSignatureHeader } from './stripe-emulator';

// The local billing flow over HTTP, as a browser drives it against `npm start`: the checkout call, the local
// checkout page, its signed webhooks through the real gateway and handler, the portal page, and what the
// account can do once subscribed.

const cloud = (inject as (name: string) => unknown)('localCloud') as {
  readonly url: string;
  readonly env: Readonly<Record<string, string>>;
};
const config = await getConfig();

async function registered(): Promise<{ token: string; sub: string }> {
  const answer = await callApi(cloud.url, 'POST', '/api/auth/register', {
    json: { email: uniqueEmail('billing'), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { token } = answer.body as { token: string };
  return { token, sub: String(claimsOf(token).sub) };
}

/** A form post on a local page, as the browser sends it; answers the status and where it redirects. */
async function submit(pageUrl: string, action: string, session: string) {
  const response = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

async function subscriptionOf(token: string) {
  const answer = await callApi(cloud.url, 'GET', '/api/stripe/subscription', { token });
  return {
    status: answer.status,
    subscription: (answer.body as { subscription?: Record<string, unknown> }).subscription,
  };
}

async function subscribedAccount() {
  const account = await registered();
  const checkout = await callApi(cloud.url, 'POST', '/api/stripe/create-checkout-session', {
    token: account.token,
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const checkoutUrl = (checkout.body as { checkoutUrl: string }).checkoutUrl;
  const session = new URL(checkoutUrl).searchParams.get('session') ?? '';
  const paid = await submit(checkoutUrl, '/__local/checkout/pay', session);
  return { ...account, checkoutUrl, session, paid };
}

describe('local billing (no Stripe key): checkout, webhooks and portal through the local cloud', () => {
  it('opens a local checkout page with the pay button and a cancel link to /subscribe-cancel', async () => {
    const { token } = await registered();
    const checkout = await callApi(cloud.url, 'POST', '/api/stripe/create-checkout-session', { token });
    const { checkoutUrl } = checkout.body as { checkoutUrl: string };
    // On the local port, which serves its pages even where the gateway believes a proxy on loopback.
    expect(checkoutUrl.startsWith(`${cloud.env.LOCAL_ROUTES_URL}/__local/checkout?session=cs_`)).toBe(true);
    const page = await fetch(checkoutUrl);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('data-testid="local-checkout-pay"');
    expect(html).toMatch(
      new RegExp(`data-testid="local-checkout-cancel" href="${cloud.url}/subscribe-cancel"`),
    );
  });

  it('pays: a signed webhook makes the account ACTIVE, then the browser goes to /subscribe-success with the session id', async () => {
    const { token, session, paid } = await subscribedAccount();
    expect(paid).toEqual({ status: 303, location: `${cloud.url}/subscribe-success?session_id=${session}` });
    const { status, subscription } = await subscriptionOf(token);
    expect(status).toBe(200);
    expect(subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });
    expect(Date.parse(String(subscription?.stripeCurrentPeriodEnd))).toBeGreaterThan(Date.now());
    const me = await callApi(cloud.url, 'GET', '/api/auth/me', { token });
    expect(me.body).toMatchObject({ subscriptionStatus: 'ACTIVE' });
  });

  it('sends a second submit of a paid checkout (a double click) to /subscribe-success too', async () => {
    const { checkoutUrl, session } = await subscribedAccount();
    expect(await submit(checkoutUrl, '/__local/checkout/pay', session)).toEqual({
      status: 303,
      location: `${cloud.url}/subscribe-success?session_id=${session}`,
    });
  });

  it('cancels at period end in the local portal, then resumes, each through Stripe’s webhook', async () => {
    const { token } = await subscribedAccount();
    const portal = await callApi(cloud.url, 'POST', '/api/stripe/customer-portal', { token });
    expect(portal.status).toBe(200);
    const { portalUrl } = portal.body as { portalUrl: string };
    const session = new URL(portalUrl).searchParams.get('session') ?? '';
    const page = await (await fetch(portalUrl)).text();
    expect(page).toContain('data-testid="local-portal-cancel"');
    expect(page).toMatch(
      new RegExp(`data-testid="local-portal-return" href="${cloud.url}/manage-subscription"`),
    );

    expect((await submit(portalUrl, '/__local/portal/cancel', session)).status).toBe(303);
    expect((await subscriptionOf(token)).subscription).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: true,
    });
    expect(await (await fetch(portalUrl)).text()).toContain('data-testid="local-portal-resume"');

    expect((await submit(portalUrl, '/__local/portal/resume', session)).status).toBe(303);
    expect((await subscriptionOf(token)).subscription).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
    });
  });

  it('answers 404 for the subscription and the portal of an account that never subscribed', async () => {
    const { token } = await registered();
    expect((await subscriptionOf(token)).status).toBe(404);
    expect((await callApi(cloud.url, 'POST', '/api/stripe/customer-portal', { token })).status).toBe(404);
  });

  it('refuses a webhook with a bad or missing signature with 400', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.updated',
    });
    const forged = await callApi(cloud.url, 'POST', '/api/stripe/webhook', {
      rawBody: payload,
      headers: { 'stripe-signature': stripeSignatureHeader(payload, 'whsec_forged') },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: expect.any(String) });
    const unsigned = await callApi(cloud.url, 'POST', '/api/stripe/webhook', { rawBody: payload });
    expect(unsigned.status).toBe(400);
  });

  it('gives an ACTIVE subscriber a speech ticket with no cut-off, even past a signed-in user’s daily allowance', async () => {
    const { token, sub } = await subscribedAccount();
    // A whole day's allowance and more, already used today.
    const leases = createLeaseStore(await getTable());
    const issuedAt = new Date(Date.now() - 10 * 60_000);
    const lease = {
      id: randomUUID(),
      subject: sub,
      day: usageDay(new Date()),
      issuedAt,
      ttlSeconds: 100_000,
    };
    await leases.open(lease);
    await leases.close(lease, { at: new Date(), seconds: config.USER_DAILY_SECONDS * 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const ticket = await callApi(cloud.url, 'POST', '/api/speech/ticket', { token });
      expect(ticket.status).toBe(200);
      expect(ticket.body).toMatchObject({ seconds_left: null });
    }
  });
});
