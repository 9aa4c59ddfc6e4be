import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from '../src/lib/ui-constants';
import { ADMIN_ERROR_KEYS, RATE_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { english } from './support/english';
import { SECOND_SERVER, secondServerURL } from './support/second-server';

// The bus delivers page views a moment after the track call answers: allow for two busy shared cores.
const expect = baseExpect.configure({ timeout: 15_000 });

const ADMIN_PASSWORD = SECOND_SERVER.adminPassword;
const USER_PASSWORD = 'Travel!2024x';

// @desktop: the dashboard is an operator's wide screen (on the phone viewport its axe run did not finish within the
// test's 3 minutes at load 22; not traced further). On the suite's second local cloud, which has an admin password (the shared server has none: there the dashboard
// is unavailable, tested at the end). The figures must equal exactly what this spec generates: the other specs'
// pages on that server report no page views (support/second-server.ts, onSecondServer).
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** The second local cloud, on either loopback address. */
const ipv4Origin = () => secondServerURL();
const ipv6Origin = () => secondServerURL().replace('127.0.0.1', '[::1]');

/**
 * Where the page views come from: each visitor's own address, as an operator's reverse proxy tells the server
 * (TRUSTED_PROXIES, support/traveller.ts). A context opened here would otherwise carry this test's own address.
 */
const VISITOR_ADDRESSES = {
  france: '203.0.113.10',
  portugal: '2001:db8:5::20',
  admin: '198.51.100.7',
} as const;

async function visit(page: Page, url: string): Promise<void> {
  const tracked = page.waitForResponse(
    (response) => response.url().endsWith('/api/analytics/track') && response.request().method() === 'POST',
  );
  await page.goto(url);
  expect((await tracked).status()).toBe(200);
}

async function visitor(browser: Browser, origin: string, address: string, country?: string) {
  const context = await browser.newContext({
    baseURL: origin,
    extraHTTPHeaders: {
      'X-Forwarded-For': address,
      ...(country === undefined ? {} : { 'CloudFront-Viewer-Country': country }),
    },
  });
  return { context, page: await context.newPage() };
}

async function unlock(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/admin/analytics`);
  await page.getByTestId('admin-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('admin-submit').click();
  await expect(page.getByTestId('admin-stats')).toBeVisible();
}

const figure = (page: Page, testId: string) => page.getByTestId(testId);

test('three visitors, one signed in: the dashboard shows the totals, unique visitors and funnel they made @desktop', async ({
  browser,
}) => {
  // An anonymous visitor from France: home, then the photo page.
  const france = await visitor(browser, ipv4Origin(), VISITOR_ADDRESSES.france, 'FR');
  await visit(france.page, '/');
  await visit(france.page, '/translate-photo');

  // A signed-in visitor from Portugal, from another address: home, subscribe, and Checkout's return.
  const portugal = await visitor(browser, ipv6Origin(), VISITOR_ADDRESSES.portugal, 'PT');
  await portugal.page.goto('/register');
  await portugal.page.getByTestId('register-email').fill(`analytics-${Date.now().toString(36)}@example.com`);
  await portugal.page.getByTestId('register-password').fill(USER_PASSWORD);
  await portugal.page.getByTestId('register-confirm').fill(USER_PASSWORD);
  const homeTracked = portugal.page.waitForResponse((response) =>
    response.url().endsWith('/api/analytics/track'),
  );
  await portugal.page.getByTestId('register-submit').click();
  expect((await homeTracked).status()).toBe(200);
  await visit(portugal.page, '/subscribe');
  await visit(portugal.page, '/subscribe-success?session_id=cs_test_e2e');

  // An anonymous visitor with no country, from France's address again (the same visitor as France's, by IP).
  const nowhere = await visitor(browser, ipv4Origin(), VISITOR_ADDRESSES.france);
  await visit(nowhere.page, '/');

  const admin = await visitor(browser, ipv4Origin(), VISITOR_ADDRESSES.admin);
  await unlock(admin.page, ipv4Origin());
  // The views reach the table through the bus: wait for the last of them, then look at the page.
  await expect
    .poll(async () => {
      const response = await admin.context.request.get('/api/analytics/stats?days=7');
      return ((await response.json()) as { pageViews: { total: number } }).pageViews.total;
    })
    .toBe(6);
  await admin.page.reload();

  await expect(figure(admin.page, 'stat-pageviews-total')).toHaveAttribute('data-value', '6');
  await expect(figure(admin.page, 'stat-unique-visitors')).toHaveAttribute('data-value', '2');
  await expect(figure(admin.page, 'stat-funnel-homepage')).toHaveAttribute('data-value', '3');
  await expect(figure(admin.page, 'stat-funnel-subscribe')).toHaveAttribute('data-value', '1');
  await expect(figure(admin.page, 'stat-funnel-success')).toHaveAttribute('data-value', '1');
  await expect(figure(admin.page, 'stat-conversion-rate')).toHaveAttribute('data-value', '33.3');
  await expect(admin.page.getByTestId('admin-period')).toHaveValue('30');
  const recent = admin.page.getByTestId('admin-recent');
  await expect(recent.locator('li')).toHaveCount(6);
  await expect(recent).toContainText(english('admin_user_authenticated'));
  // Addresses are shown truncated only.
  await expect(recent).toContainText('203.0.113.0');
  await expect(recent).not.toContainText(VISITOR_ADDRESSES.france);
  await expect(recent).toContainText('2001:db8:5::');
  await expect(recent).not.toContainText(VISITOR_ADDRESSES.portugal);

  // Unlocked for the session: a reload keeps the dashboard; the period selector asks again.
  expect(
    await admin.page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEYS.adminAuthorized),
  ).toBe('true');
  const sevenDays = admin.page.waitForResponse((response) =>
    response.url().includes('/api/analytics/stats?days=7'),
  );
  await admin.page.getByTestId('admin-period').selectOption('7');
  expect((await sevenDays).status()).toBe(200);
  await expect(figure(admin.page, 'stat-pageviews-total')).toHaveAttribute('data-value', '6');

  // The charts and lists pass axe in both themes (no serious or critical violation).
  for (const theme of ['light', 'dark']) {
    await admin.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LOCAL_STORAGE_KEYS.theme,
      value: theme,
    });
    await admin.page.reload();
    await expect(figure(admin.page, 'stat-pageviews-total')).toHaveAttribute('data-value', '6');
    const { violations } = await new AxeBuilder({ page: admin.page }).analyze();
    const blocking = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(blocking.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
  }

  for (const session of [france, portugal, nowhere, admin]) await session.context.close();
});

test('a wrong password shows the error, and the 6th wrong try is refused with 429 @desktop', async ({ browser }) => {
  // From an address of its own, so the dashboard test's successful sign-in is not counted against it.
  const { context, page } = await visitor(browser, ipv6Origin(), '2001:db8:6::1');
  await page.goto('/admin/analytics');

  await page.getByTestId('admin-submit').click();
  await expect(page.getByTestId('admin-error')).toHaveText(english('form_error_admin_password_required'));

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/verify-admin-password'));
    await page.getByTestId('admin-password').fill(`wrong ${attempt}`);
    await page.getByTestId('admin-submit').click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByTestId('admin-error')).toHaveText(english(ADMIN_ERROR_KEYS.invalidPassword));
  }
  const sixth = page.waitForResponse((response) => response.url().endsWith('/verify-admin-password'));
  await page.getByTestId('admin-password').fill('wrong 6');
  await page.getByTestId('admin-submit').click();
  expect((await sixth).status()).toBe(429);
  await expect(page.getByTestId('admin-error')).toHaveText(english(RATE_LIMIT_KEYS.default));
  await expect(page.getByTestId('admin-stats')).toHaveCount(0);
  await context.close();
});

test('without an admin password configured the dashboard says it is not available @desktop', async ({ page }) => {
  await page.goto('/admin/analytics');
  await page.getByTestId('admin-password').fill('anything');
  await page.getByTestId('admin-submit').click();
  await expect(page.getByTestId('admin-error')).toHaveText(english(ADMIN_ERROR_KEYS.analyticsUnavailable));

  await page.evaluate((key) => sessionStorage.setItem(key, 'true'), SESSION_STORAGE_KEYS.adminAuthorized);
  await page.reload();
  await expect(page.getByTestId('admin-unavailable')).toHaveText(
    english(ADMIN_ERROR_KEYS.analyticsUnavailable),
  );
});
