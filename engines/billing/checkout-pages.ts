/**
 * The local pages standing in for Stripe Checkout and the customer portal (docs/TESTIDS.md, local run
 * contract): plain server-rendered HTML, no frontend bundle. Each action changes the local Stripe, sends the
 * webhooks Stripe would (signed) to the app, and redirects where Stripe would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalRoute } from '../engine';
import {
  deliverWebhooks,
  LOCAL_CHECKOUT_PATH,
  LOCAL_PORTAL_PATH,
  localStripe,
  WebhookDeliveryError,
} from './local-stripe';

const MAX_FORM_BYTES = 4 * 1024;

const escapeHtml = (value: unknown): string =>
  String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const longDate = (epochSeconds: unknown): string =>
  typeof epochSeconds === 'number'
    ? new Date(epochSeconds * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    : '';

const STYLE = `
  :root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1a1d21; --muted: #5b6470;
    --accent: #0b6bcb; --accent-text: #fff; --border: #dde1e6; --danger: #b42318; }
  @media (prefers-color-scheme: dark) { :root { --bg: #111418; --card: #1b1f24; --text: #eef1f4;
    --muted: #a3acb7; --accent: #4c9bf0; --accent-text: #0b1117; --border: #30363d; --danger: #f97066; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    padding: 16px; background: var(--bg); color: var(--text);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 440px; background: var(--card); border: 1px solid var(--border);
    border-radius: 12px; padding: 24px; box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; letter-spacing: .02em; padding: 2px 8px;
    border-radius: 999px; border: 1px solid var(--border); color: var(--muted); }
  h1 { font-size: 22px; line-height: 1.3; margin: 12px 0 4px; }
  p { margin: 8px 0; }
  .muted { color: var(--muted); font-size: 14px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 16px 0; font-size: 15px; }
  dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
  form { margin: 20px 0 0; }
  button { width: 100%; min-height: 44px; border: 0; border-radius: 8px; font: inherit; font-weight: 600;
    background: var(--accent); color: var(--accent-text); cursor: pointer; }
  button.danger { background: transparent; color: var(--danger); border: 1px solid var(--danger); }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .back { display: block; text-align: center; margin-top: 16px; color: var(--accent); }
`;

function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' });
  response.end();
}

function notFound(response: ServerResponse, what: string): void {
  page(
    response,
    404,
    what,
    `<span class="badge">Local test mode</span><h1>${escapeHtml(what)}</h1>
     <p class="muted">The link may be from an earlier run of the local cloud.</p><a class="back" href="/">Back to Wayfarer</a>`,
  );
}

async function formField(request: IncomingMessage, name: string): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get(name) ?? undefined;
}

/** Runs a customer's action: the webhooks it causes must reach the app before the browser is sent on. */
async function act(
  response: ServerResponse,
  action: (stripe: NonNullable<ReturnType<typeof localStripe>>) => {
    events: Parameters<typeof deliverWebhooks>[1];
    to: string;
  },
): Promise<void> {
  const stripe = localStripe();
  if (!stripe) return notFound(response, 'No local checkout has started yet');
  let outcome;
  try {
    outcome = action(stripe);
  } catch {
    return notFound(response, 'This session is not open');
  }
  try {
    await deliverWebhooks(stripe, outcome.events);
  } catch (error) {
    if (!(error instanceof WebhookDeliveryError)) throw error;
    return page(
      response,
      502,
      'Webhook not accepted',
      `<span class="badge">Local test mode</span><h1>The app did not accept the webhook</h1>
       <p class="muted">${escapeHtml(error.message)}. Stripe would retry; the local cloud's log says why.</p>`,
    );
  }
  redirect(response, outcome.to);
}

const sessionParameter = (url: URL) => url.searchParams.get('session') ?? '';

/** A button that posts the session to an action, as Stripe's hosted pages act on their session. */
const actionForm = (action: string, sessionId: string, testId: string, label: string, style = '') =>
  `<form method="post" action="${action}">
     <input type="hidden" name="session" value="${escapeHtml(sessionId)}">
     <button type="submit" class="${style}" data-testid="${testId}">${label}</button>
   </form>`;

export const checkoutRoutes: readonly LocalRoute[] = [
  {
    method: 'GET',
    path: LOCAL_CHECKOUT_PATH,
    handle(_request, response, url) {
      const fake = localStripe()?.fake;
      const session = fake?.checkoutSession(sessionParameter(url));
      if (!fake || !session || session.status !== 'open')
        return notFound(response, 'This checkout session is not open');
      const customer = fake.customer(String(session.customer))?.email ?? String(session.customer);
      page(
        response,
        200,
        'Wayfarer Pro: local checkout',
        `<span class="badge">Local test checkout</span>
         <h1>Subscribe to Wayfarer Pro</h1>
         <p class="muted">Billed monthly in advance; renews automatically until cancelled. This page stands in
           for Stripe Checkout because no Stripe key is configured: no card is charged.</p>
         <dl><dt>Plan</dt><dd>Wayfarer Pro, monthly</dd><dt>Email</dt><dd>${escapeHtml(customer)}</dd></dl>
         ${actionForm(`${LOCAL_CHECKOUT_PATH}/pay`, session.id, 'local-checkout-pay', 'Pay and subscribe')}
         <a class="back" data-testid="local-checkout-cancel" href="${escapeHtml(session.cancel_url ?? '/')}">Cancel and return to Wayfarer</a>`,
      );
    },
  },
  {
    method: 'POST',
    path: `${LOCAL_CHECKOUT_PATH}/pay`,
    async handle(request, response) {
      const id = (await formField(request, 'session')) ?? '';
      const paid = localStripe()?.fake.checkoutSession(id);
      // A second submit (a double click) finds the session paid: Stripe sends that browser on as well.
      if (paid?.status === 'complete') {
        return redirect(response, String(paid.success_url).replace('{CHECKOUT_SESSION_ID}', paid.id));
      }
      await act(response, (stripe) => {
        const { events, redirectTo } = stripe.fake.pay(id);
        return { events, to: redirectTo };
      });
    },
  },
  {
    method: 'GET',
    path: LOCAL_PORTAL_PATH,
    handle(_request, response, url) {
      const stripe = localStripe();
      const session = stripe?.fake.portalSession(sessionParameter(url));
      if (!stripe || !session) return notFound(response, 'This portal session has expired');
      const subscription = stripe.fake.subscriptionOf(String(session.customer));
      const item = (subscription?.items as { data?: { current_period_end?: number }[] } | undefined)
        ?.data?.[0];
      const ended = subscription?.status === 'canceled';
      const pending = subscription?.cancel_at_period_end === true;
      const status = !subscription
        ? 'No subscription'
        : ended
          ? 'Canceled'
          : pending
            ? 'Active, cancellation pending'
            : 'Active';
      const dateLine = !subscription || ended ? '' : pending ? 'Ends on' : 'Renews on';
      const action = (name: 'cancel' | 'resume', label: string, style = '') =>
        actionForm(`${LOCAL_PORTAL_PATH}/${name}`, session.id, `local-portal-${name}`, label, style);
      page(
        response,
        200,
        'Wayfarer Pro: local billing portal',
        `<span class="badge">Local billing portal</span>
         <h1>Your Wayfarer Pro subscription</h1>
         <p class="muted">This page stands in for the Stripe customer portal because no Stripe key is configured.</p>
         <dl><dt>Status</dt><dd data-testid="local-portal-status">${status}</dd>
           ${dateLine ? `<dt>${dateLine}</dt><dd>${escapeHtml(longDate(item?.current_period_end))}</dd>` : ''}</dl>
         ${subscription && !ended && !pending ? action('cancel', 'Cancel at the end of the period', 'danger') : ''}
         ${subscription && !ended && pending ? action('resume', 'Resume subscription') : ''}
         <a class="back" data-testid="local-portal-return" href="${escapeHtml(session.return_url ?? '/')}">Return to Wayfarer</a>`,
      );
    },
  },
  ...(['cancel', 'resume'] as const).map((name): LocalRoute => ({
    method: 'POST',
    path: `${LOCAL_PORTAL_PATH}/${name}`,
    async handle(request, response) {
      const id = (await formField(request, 'session')) ?? '';
      await act(response, (stripe) => {
        const session = stripe.fake.portalSession(id);
        const subscription = session && stripe.fake.subscriptionOf(String(session.customer));
        if (!subscription) throw new Error('No subscription to change');
        const events = stripe.fake.setCancelAtPeriodEnd(subscription.id, name === 'cancel');
        return { events, to: `${LOCAL_PORTAL_PATH}?session=${encodeURIComponent(id)}` };
      });
    },
  })),
];
