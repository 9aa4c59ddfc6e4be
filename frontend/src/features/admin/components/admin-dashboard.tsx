import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsStats } from '@wayfarer/shared/api/analytics';
import {
  ANALYTICS_PERIOD_DAYS,
  DEFAULT_ANALYTICS_PERIOD_DAYS,
  type AnalyticsPeriodDays,
} from '@wayfarer/shared/constants';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/date-format';
import { fetchAnalyticsStats } from '../api';
import { BarList, DailyViewsChart, type BarRow } from './analytics-charts';

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly stats: AnalyticsStats }
  | { readonly status: 'unavailable' }
  | { readonly status: 'failed' };

function Figure({
  label,
  value,
  display,
  testId,
  hint,
}: {
  readonly label: string;
  readonly value: number;
  readonly display?: string;
  readonly testId: string;
  readonly hint?: string;
}) {
  return (
    <div className="admin-figure">
      <span className="admin-figure-label">{label}</span>
      <span className="admin-figure-value" data-testid={testId} data-value={value}>
        {display ?? value.toLocaleString()}
      </span>
      {hint !== undefined && <span className="admin-figure-hint">{hint}</span>}
    </div>
  );
}

const FUNNEL_STEPS = [
  { step: 'homepage', label: 'admin_funnel_homepage' },
  { step: 'subscribe', label: 'admin_funnel_subscribe' },
  { step: 'success', label: 'admin_funnel_success' },
] as const;

function Card({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function BarCard({
  rows,
  empty,
  ...card
}: {
  readonly id: string;
  readonly title: string;
  readonly empty: string;
  readonly rows: readonly BarRow[];
}) {
  return (
    <Card {...card}>
      {rows.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <BarList label={card.title} rows={rows} />
      )}
    </Card>
  );
}

function countryName(code: string, language: string, unknown: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return unknown;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function StatsView({ stats }: { readonly stats: AnalyticsStats }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const shortDate = (day: string) =>
    formatDate(`${day}T12:00:00Z`, language, { month: 'short', day: 'numeric' });
  const funnel = stats.conversionFunnel;
  const busiest = Math.max(0, ...stats.pageViews.byDay.map((day) => day.views));
  const firstDay = stats.pageViews.byDay[0]?.day;
  const lastDay = stats.pageViews.byDay.at(-1)?.day;
  return (
    <>
      <div className="admin-figures">
        <Figure
          label={t('admin_stat_pageviews')}
          value={stats.pageViews.total}
          testId="stat-pageviews-total"
        />
        <Figure
          label={t('admin_stat_unique_visitors')}
          value={stats.visitors.unique}
          testId="stat-unique-visitors"
          hint={t('admin_stat_unique_visitors_hint')}
        />
        <Figure
          label={t('admin_stat_conversion_rate')}
          value={funnel.conversionRate}
          display={`${funnel.conversionRate.toLocaleString(language)} %`}
          testId="stat-conversion-rate"
        />
      </div>

      <section className="admin-card admin-card-wide" aria-labelledby="admin-daily-title">
        <h2 id="admin-daily-title">{t('admin_views_per_day_title')}</h2>
        {firstDay !== undefined && lastDay !== undefined && (
          <DailyViewsChart
            days={stats.pageViews.byDay}
            summary={t('admin_views_per_day_summary', {
              total: stats.pageViews.total,
              days: stats.period,
              max: busiest,
            })}
            firstLabel={shortDate(firstDay)}
            lastLabel={shortDate(lastDay)}
          />
        )}
      </section>

      <Card id="admin-funnel-title" title={t('admin_funnel_title')}>
        <BarList
          label={t('admin_funnel_title')}
          rows={FUNNEL_STEPS.map(({ step, label }) => ({
            key: step,
            label: t(label),
            value: funnel[step],
            testId: `stat-funnel-${step}`,
          }))}
        />
      </Card>

      <BarCard
        id="admin-pages-title"
        title={t('admin_by_page_title')}
        empty={t('admin_no_data')}
        rows={stats.pageViews.byPage.map((row) => ({ key: row.page, label: row.page, value: row.views }))}
      />

      <BarCard
        id="admin-countries-title"
        title={t('admin_countries_title')}
        empty={t('admin_no_data')}
        rows={stats.countries.byCountry.map((row) => ({
          key: row.country,
          label: countryName(row.country, language, t('admin_country_unknown')),
          value: row.views,
        }))}
      />

      <Card id="admin-anonymous-title" title={t('admin_anonymous_title')}>
        <div className="admin-figures admin-figures-compact">
          <Figure
            label={t('admin_stat_anonymous_total')}
            value={stats.anonymousUsage.total}
            testId="stat-anonymous-total"
          />
          <Figure
            label={t('admin_stat_anonymous_active')}
            value={stats.anonymousUsage.active}
            testId="stat-anonymous-active"
          />
        </div>
      </Card>

      <section className="admin-card admin-card-wide" aria-labelledby="admin-recent-title">
        <h2 id="admin-recent-title">{t('admin_recent_title')}</h2>
        {stats.pageViews.recent.length === 0 ? (
          <p className="admin-muted">{t('admin_no_data')}</p>
        ) : (
          // Focusable so a keyboard can scroll it.
          <ol
            className="admin-recent"
            tabIndex={0}
            aria-labelledby="admin-recent-title"
            data-testid="admin-recent"
          >
            {stats.pageViews.recent.map((view) => (
              <li key={`${view.time}-${view.ip}-${view.page}`} className="admin-recent-item">
                <span className="admin-recent-page">{view.page}</span>
                <span className="admin-recent-user">
                  {view.user === 'authenticated' ? t('admin_user_authenticated') : t('admin_user_anonymous')}
                </span>
                <span className="admin-recent-ip">{view.ip}</span>
                <time dateTime={view.time}>
                  {formatDate(view.time, language, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** The unlocked dashboard: period selector, then the figures of docs/SPEC.md §3 for that period. */
export function AdminDashboard({ onLocked }: { readonly onLocked: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<AnalyticsPeriodDays>(DEFAULT_ANALYTICS_PERIOD_DAYS);
  const [attempt, setAttempt] = useState(0);
  // Each answer remembers which request it answers, so a new period or a retry shows "loading" without
  // resetting state inside the effect.
  const request = `${period}:${attempt}`;
  const [answer, setAnswer] = useState<{ readonly request: string; readonly load: Load } | null>(null);
  const load: Load = answer?.request === request ? answer.load : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const settle = (result: Load) => setAnswer({ request, load: result });
    fetchAnalyticsStats(period, controller.signal).then(
      (stats) => settle({ status: 'ready', stats }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) onLocked();
        else if (error instanceof ApiError && error.status === 404) settle({ status: 'unavailable' });
        else settle({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [period, request, onLocked]);

  return (
    <div className="admin-dashboard" aria-busy={load.status === 'loading'}>
      <div className="admin-toolbar">
        <label htmlFor="admin-period">{t('admin_period_label')}</label>
        <select
          id="admin-period"
          className="select"
          value={period}
          onChange={(event) => setPeriod(Number(event.target.value) as AnalyticsPeriodDays)}
          data-testid="admin-period"
        >
          {ANALYTICS_PERIOD_DAYS.map((days) => (
            <option key={days} value={days}>
              {t('admin_period_option', { count: days })}
            </option>
          ))}
        </select>
      </div>
      {load.status === 'loading' && <p className="admin-muted">{t('admin_loading')}</p>}
      {load.status === 'unavailable' && (
        <p className="admin-error" role="alert" data-testid="admin-unavailable">
          {t('admin_analytics_unavailable')}
        </p>
      )}
      {load.status === 'failed' && (
        <div className="admin-failed" role="alert">
          <p className="admin-error">{t('admin_analytics_fetch_failed')}</p>
          <button
            type="button"
            className="button"
            onClick={() => setAttempt((value) => value + 1)}
            data-testid="admin-retry"
          >
            {t('admin_retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <div className="admin-grid" data-testid="admin-stats" data-period={load.stats.period}>
          <StatsView stats={load.stats} />
        </div>
      )}
    </div>
  );
}
