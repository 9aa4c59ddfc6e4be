// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsStats } from '@wayfarer/shared/api/analytics';
import { SESSION_STORAGE_KEYS } from '../../../lib/ui-constants';
import en from '../../../../../locales/en/translation.json';
import { createTestI18n } from '../../../testing/render-app';
import { AdminAnalyticsPage } from './admin-analytics-page';

const stats: AnalyticsStats = {
  period: 30,
  pageViews: {
    total: 4,
    byPage: [{ page: '/', views: 4 }],
    byDay: [{ day: '2026-11-23', views: 4 }],
    recent: [{ user: 'anonymous', page: '/', ip: '203.0.113.0', time: '2026-11-23T10:00:00.000Z' }],
  },
  visitors: { unique: 2 },
  conversionFunnel: { homepage: 4, subscribe: 1, success: 1, conversionRate: 25 },
  countries: { byCountry: [{ country: 'FR', views: 4 }] },
  anonymousUsage: { total: 3, active: 1 },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function renderPage(answers: Response[]) {
  const fetchMock = vi.fn(async (_url: string) => answers.shift() ?? json(500, { error: 'error_server' }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <I18nextProvider i18n={await createTestI18n()}>
      <AdminAnalyticsPage />
    </I18nextProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('admin analytics page', () => {
  it('asks for the password, then shows the figures and remembers the session', async () => {
    const fetchMock = await renderPage([json(200, { ok: true }), json(200, stats)]);
    fireEvent.change(screen.getByTestId('admin-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('admin-submit'));

    expect(await screen.findByTestId('stat-pageviews-total')).toHaveAttribute('data-value', '4');
    expect(screen.getByTestId('stat-conversion-rate')).toHaveAttribute('data-value', '25');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.adminAuthorized)).toBe('true');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/analytics/stats?days=30');
  });

  it('says admin_error_verify_failed when the check cannot be made', async () => {
    await renderPage([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    fireEvent.change(screen.getByTestId('admin-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('admin-submit'));

    expect(await screen.findByTestId('admin-error')).toHaveTextContent(en.admin_error_verify_failed);
  });

  it('shows admin_analytics_fetch_failed with Retry, and Retry fetches again', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.adminAuthorized, 'true');
    const fetchMock = await renderPage([json(500, { error: 'error_server' }), json(200, stats)]);

    expect(await screen.findByText(en.admin_analytics_fetch_failed)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('admin-retry'));

    expect(await screen.findByTestId('stat-unique-visitors')).toHaveAttribute('data-value', '2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for the password again when the server no longer knows the session', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.adminAuthorized, 'true');
    await renderPage([json(401, { error: 'error_unauthorized' })]);

    expect(await screen.findByTestId('admin-password')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.adminAuthorized)).toBeNull();
  });
});
