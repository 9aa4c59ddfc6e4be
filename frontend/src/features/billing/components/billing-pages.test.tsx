// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionStatusSchema, type SubscriptionStatus } from '@wayfarer/shared/api/auth';
import type { Subscription } from '@wayfarer/shared/api/billing';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS } from '../../../lib/ui-constants';
import en from '../../../../../locales/en/translation.json';
import type * as BillingApi from '../api';
import { SessionContext, signedOutSession, type SessionValue } from '../../../lib/session-context';
import { createTestI18n } from '../../../testing/render-app';
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from '../confirm-subscription';
import { ManageSubscriptionPage } from './manage-subscription-page';
import { SubscribeCancelPage } from './subscribe-cancel-page';
import { SubscribePage } from './subscribe-page';
import { SubscribeSuccessPage } from './subscribe-success-page';

const mocks = vi.hoisted(() => ({ leave: vi.fn(), toastError: vi.fn() }));
vi.mock('sonner', () => ({ toast: { error: mocks.toastError } }));
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof BillingApi>()),
  leaveForProviderPage: mocks.leave,
}));

// The pages run the real api client against a stubbed fetch: the calls, the bearer token and docs/SPEC.md §8's
// failure mapping are the ones the browser makes.

const CHECKOUT = '/api/stripe/create-checkout-session';
const SUBSCRIPTION = '/api/stripe/subscription';
const PORTAL = '/api/stripe/customer-portal';
const periodEnd = '2026-12-23T12:00:00.000Z';

type Answer = () => Response;
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answers = new Map<string, Answer[]>();
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  const queue = answers.get(path) ?? [];
  const answer = queue.length > 1 ? queue.shift() : queue[0];
  return answer ? answer() : json(500, { error: 'no answer set' })();
});
const answer = (path: string, ...responses: Answer[]) => answers.set(path, responses);
const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path));

function liveToken(): string {
  const payload = btoa(JSON.stringify({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(
    /=+$/,
    '',
  );
  return `header.${payload}.signature`;
}

function signedIn(subscriptionStatus: SubscriptionStatus = 'NONE'): SessionValue {
  return {
    ...signedOutSession,
    status: 'signed-in',
    user: { email: 'ada@example.com', subscriptionStatus },
    refreshUser: vi.fn(async () => {}),
  };
}

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  status: 'ACTIVE',
  cancelAtPeriodEnd: false,
  stripeCurrentPeriodEnd: periodEnd,
  ...overrides,
});

async function renderPage(page: ReactElement, { session = signedIn(), at = '/' } = {}) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return { i18n, session, events: userEvent.setup() };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, liveToken());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  answers.clear();
  localStorage.clear();
});

describe('/subscribe', () => {
  it('shows the price and six feature bullets', async () => {
    await renderPage(<SubscribePage />);
    expect(screen.getByTestId('subscribe-price')).toHaveTextContent('€9.99');
    expect(screen.getAllByTestId('subscribe-feature')).toHaveLength(6);
  });

  it('links the terms and the privacy policy in a new tab', async () => {
    await renderPage(<SubscribePage />);
    const terms = within(screen.getByTestId('subscribe-terms').closest('label') as HTMLElement);
    const termsLink = terms.getByRole('link', { name: /terms of service/i });
    const privacyLink = terms.getByRole('link', { name: /privacy policy/i });
    expect(termsLink).toHaveAttribute('href', PAGES.termsOfService);
    expect(privacyLink).toHaveAttribute('href', PAGES.privacyPolicy);
    for (const link of [termsLink, privacyLink]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('keeps the button disabled, with docs/SPEC.md §5 subscribe_terms_required, until the terms are ticked', async () => {
    const { events } = await renderPage(<SubscribePage />);
    expect(screen.getByTestId('subscribe-button')).toBeDisabled();
    expect(screen.getByTestId('subscribe-terms-required')).toHaveTextContent(en.subscribe_terms_required);

    await events.click(screen.getByTestId('subscribe-terms'));
    expect(screen.getByTestId('subscribe-button')).toBeEnabled();
    expect(screen.queryByTestId('subscribe-terms-required')).toBeNull();
  });

  it('creates a checkout session with the bearer token and goes to the checkout URL', async () => {
    answer(CHECKOUT, json(200, { checkoutUrl: 'https://checkout.example/c/1' }));
    const { events } = await renderPage(<SubscribePage />);
    await events.click(screen.getByTestId('subscribe-terms'));
    await events.click(screen.getByTestId('subscribe-button'));

    await waitFor(() => expect(mocks.leave).toHaveBeenCalledWith('https://checkout.example/c/1'));
    const [, init] = callsTo(CHECKOUT)[0] ?? [];
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
  });

  it.each([
    // docs/SPEC.md §8: a server's own words are logged, never shown to the traveller.
    ['error_server, never the server’s own text', json(502, { error: 'Stripe is down' }), 'error_server'],
    ['error_rate_limit_stripe on a 429', json(429, {}), 'error_rate_limit_stripe'],
    ['error_server on a 500', json(500, { error: 'boom' }), 'error_server'],
    [
      'subscribe_unexpected_error on a malformed answer',
      json(200, { checkoutUrl: 'nope' }),
      'subscribe_unexpected_error',
    ],
  ])('a failed checkout shows %s and lets the user try again', async (_, response, expected) => {
    answer(CHECKOUT, response);
    const { events, i18n } = await renderPage(<SubscribePage />);
    await events.click(screen.getByTestId('subscribe-terms'));
    await events.click(screen.getByTestId('subscribe-button'));

    await waitFor(() =>
      expect(mocks.toastError).toHaveBeenCalledWith(
        i18n.exists(expected) ? i18n.t(expected as 'error_server') : expected,
      ),
    );
    expect(mocks.leave).not.toHaveBeenCalled();
    expect(screen.getByTestId('subscribe-button')).toBeEnabled();
  });

  it('without a token asks the visitor to log in (subscribe_must_be_logged_in)', async () => {
    localStorage.clear();
    const { events, i18n } = await renderPage(<SubscribePage />);
    await events.click(screen.getByTestId('subscribe-terms'));
    await events.click(screen.getByTestId('subscribe-button'));

    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith(i18n.t('subscribe_must_be_logged_in')));
    expect(callsTo(CHECKOUT)).toHaveLength(0);
  });

  it('an ACTIVE subscriber is sent to manage the plan instead of paying twice', async () => {
    await renderPage(<SubscribePage />, { session: signedIn('ACTIVE') });
    expect(screen.queryByTestId('subscribe-button')).toBeNull();
    expect(within(screen.getByTestId('subscribe-already-active')).getByRole('link')).toHaveAttribute(
      'href',
      PAGES.manageSubscription,
    );
  });
});

describe('/subscribe-success', () => {
  const successAt = `${PAGES.subscribeSuccess}?session_id=cs_test_1`;

  it('with a session_id waits for the plan to be ACTIVE, then refreshes the user', async () => {
    answer(SUBSCRIPTION, json(404, { error: 'none' }), json(200, { subscription: subscription() }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { session } = await renderPage(<SubscribeSuccessPage />, { at: successAt });
    expect(screen.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'confirming');

    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'confirmed'),
    );
    expect(callsTo(SUBSCRIPTION)).toHaveLength(2);
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
  });

  it('stops waiting after a bounded number of asks and still refreshes the user', async () => {
    answer(SUBSCRIPTION, json(404, { error: 'none' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { session } = await renderPage(<SubscribeSuccessPage />, { at: successAt });

    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_ATTEMPTS * CONFIRM_INTERVAL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'pending'),
    );
    expect(callsTo(SUBSCRIPTION)).toHaveLength(CONFIRM_ATTEMPTS);
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
  });

  it('without a session_id refreshes nothing', async () => {
    const { session } = await renderPage(<SubscribeSuccessPage />, { at: PAGES.subscribeSuccess });
    expect(screen.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'confirmed');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.refreshUser).not.toHaveBeenCalled();
  });

  it('links to the translator', async () => {
    await renderPage(<SubscribeSuccessPage />, { at: PAGES.subscribeSuccess });
    expect(screen.getByTestId('subscribe-success-translator')).toHaveAttribute('href', PAGES.home);
  });
});

describe('/subscribe-cancel', () => {
  it('offers Home and Try again', async () => {
    await renderPage(<SubscribeCancelPage />);
    expect(screen.getByTestId('subscribe-cancel-home')).toHaveAttribute('href', PAGES.home);
    expect(screen.getByTestId('subscribe-cancel-retry')).toHaveAttribute('href', PAGES.subscribe);
  });
});

describe('/manage-subscription', () => {
  it('with no subscription (404) shows the Pro plan card with an upgrade to /subscribe', async () => {
    answer(SUBSCRIPTION, json(404, { error: 'No subscription' }));
    await renderPage(<ManageSubscriptionPage />);
    const card = await screen.findByTestId('upgrade-card');
    expect(within(card).getAllByTestId('subscribe-feature')).toHaveLength(6);
    expect(within(card).getByTestId('upgrade-button')).toHaveAttribute('href', PAGES.subscribe);
    expect(screen.queryByTestId('subscription-status')).toBeNull();
  });

  it('an ACTIVE plan shows a good badge, the renewal date and the portal button', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription() }));
    await renderPage(<ManageSubscriptionPage />, { session: signedIn('ACTIVE') });
    const badge = await screen.findByTestId('subscription-status');
    expect(badge).toHaveAttribute('data-tone', 'good');
    expect(badge).toHaveTextContent('Active');
    expect(screen.getByTestId('renewal-date')).toHaveTextContent('December 23, 2026');
    expect(screen.getByTestId('portal-button')).toBeEnabled();
    expect(screen.queryByTestId('cancel-notice')).toBeNull();
    expect(screen.queryByTestId('upgrade-card')).toBeNull();
  });

  it('a pending cancellation shows the notice with its end date instead of the renewal date', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription({ cancelAtPeriodEnd: true }) }));
    await renderPage(<ManageSubscriptionPage />, { session: signedIn('ACTIVE') });
    expect(await screen.findByTestId('cancel-notice')).toHaveTextContent('December 23, 2026');
    expect(screen.queryByTestId('renewal-date')).toBeNull();
  });

  it.each(subscriptionStatusSchema.options.filter((status) => status !== 'ACTIVE'))(
    'a %s plan shows a destructive badge',
    async (status) => {
      answer(SUBSCRIPTION, json(200, { subscription: subscription({ status }) }));
      await renderPage(<ManageSubscriptionPage />, { session: signedIn(status) });
      expect(await screen.findByTestId('subscription-status')).toHaveAttribute('data-tone', 'destructive');
    },
  );

  it('a CANCELED plan shows when it ended and offers the upgrade again', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription({ status: 'CANCELED' }) }));
    await renderPage(<ManageSubscriptionPage />, { session: signedIn('CANCELED') });
    expect(await screen.findByTestId('subscription-ended')).toHaveTextContent('December 23, 2026');
    expect(screen.queryByTestId('renewal-date')).toBeNull();
    expect(screen.getByTestId('upgrade-card')).toBeInTheDocument();
  });

  it('dates follow the interface language (docs/SPEC.md §1)', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription() }));
    const { i18n } = await renderPage(<ManageSubscriptionPage />, { session: signedIn('ACTIVE') });
    await screen.findByTestId('renewal-date');
    i18n.addResourceBundle('fr', 'translation', { manage_subscription_renews_on: '{{date}}' });
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('renewal-date')).toHaveTextContent('23 décembre 2026');
  });

  it('the portal button opens the customer portal', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription() }));
    answer(PORTAL, json(200, { portalUrl: 'https://billing.example/p/1' }));
    const { events } = await renderPage(<ManageSubscriptionPage />, { session: signedIn('ACTIVE') });
    await events.click(await screen.findByTestId('portal-button'));
    await waitFor(() => expect(mocks.leave).toHaveBeenCalledWith('https://billing.example/p/1'));
    expect(callsTo(PORTAL)[0]?.[1]?.method).toBe('POST');
  });

  it('a failed portal call shows manage_subscription_portal_error', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription() }));
    answer(PORTAL, json(503, {}));
    const { events, i18n } = await renderPage(<ManageSubscriptionPage />, { session: signedIn('ACTIVE') });
    await events.click(await screen.findByTestId('portal-button'));
    await waitFor(() =>
      expect(mocks.toastError).toHaveBeenCalledWith(i18n.t('manage_subscription_portal_error')),
    );
    expect(screen.getByTestId('portal-button')).toBeEnabled();
  });

  it('a failed load shows manage_subscription_fetch_error and a retry that loads again', async () => {
    answer(SUBSCRIPTION, json(503, {}), json(200, { subscription: subscription() }));
    const { events, i18n } = await renderPage(<ManageSubscriptionPage />, { session: signedIn('ACTIVE') });
    await waitFor(() =>
      expect(mocks.toastError).toHaveBeenCalledWith(i18n.t('manage_subscription_fetch_error')),
    );
    await events.click(screen.getByTestId('subscription-retry'));
    expect(await screen.findByTestId('subscription-status')).toHaveAttribute('data-status', 'ACTIVE');
  });

  it('refreshes the user when the subscription disagrees with the header', async () => {
    answer(SUBSCRIPTION, json(200, { subscription: subscription() }));
    const { session } = await renderPage(<ManageSubscriptionPage />, { session: signedIn('NONE') });
    await screen.findByTestId('subscription-status');
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
  });

  it('links to the privacy, terms and refund pages', async () => {
    answer(SUBSCRIPTION, json(404, {}));
    await renderPage(<ManageSubscriptionPage />);
    const footer = within(screen.getByRole('navigation'));
    const hrefs = footer.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([PAGES.privacyPolicy, PAGES.termsOfService, PAGES.refundPolicy]);
  });
});

describe('billing texts in every locale', () => {
  const files = import.meta.glob<Record<string, string>>('../../../../../locales/*/translation.json', {
    eager: true,
    import: 'default',
  });

  it('name every subscription status', () => {
    for (const [path, translation] of Object.entries(files)) {
      for (const status of subscriptionStatusSchema.options) {
        expect(translation[`subscription_status_${status}`], `${path}: ${status}`).toBeTruthy();
      }
    }
  });
});
