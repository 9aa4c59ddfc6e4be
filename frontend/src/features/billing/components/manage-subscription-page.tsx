import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Subscription } from '@wayfarer/shared/api/billing';
import { PAGES } from '@wayfarer/shared/api/pages';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { formatDate } from '../../../lib/date-format';
import { LegalLinks } from '../../../lib/legal-links';
import { PageLoading } from '../../../lib/page-loading';
import { billingFailureMessage, createPortalSession } from '../api';
import { useProviderPage } from '../hooks/use-provider-page';
import { useSubscription } from '../hooks/use-subscription';
import { statusTone, subscriptionView, type SubscriptionView } from '../subscription-view';
import { ProPlanCard } from './pro-plan-card';
import './billing.css';

function UpgradeCard() {
  const { t } = useTranslation();
  return (
    <ProPlanCard testId="upgrade-card">
      <Link
        to={PAGES.subscribe}
        className="button button-primary subscribe-button"
        data-testid="upgrade-button"
      >
        {t('manage_subscription_upgrade_button')}
      </Link>
    </ProPlanCard>
  );
}

const portalFailureMessage = (error: unknown) =>
  billingFailureMessage(error, ACCOUNT_ERROR_KEYS.portalFailed);

function PortalButton() {
  const { t } = useTranslation();
  const portal = useProviderPage(createPortalSession, portalFailureMessage);
  return (
    <button
      type="button"
      className="button button-primary"
      data-testid="portal-button"
      disabled={portal.opening}
      aria-busy={portal.opening}
      onClick={portal.open}
    >
      {portal.opening ? t('manage_subscription_portal_busy') : t('manage_subscription_portal_button')}
    </button>
  );
}

/** The date line under the badge: renewal, the pending cancellation's end, or the end of a canceled plan. */
function PeriodLine({ view }: { view: Exclude<SubscriptionView, { kind: 'none' }> }) {
  const { t, i18n } = useTranslation();
  const format = (date: string) => formatDate(date, i18n.language);
  switch (view.kind) {
    case 'renews':
      return (
        <p data-testid="renewal-date" data-date={view.date}>
          {t('manage_subscription_renews_on', { date: format(view.date) })}
        </p>
      );
    case 'ends':
      return (
        <p
          className="billing-notice billing-notice-warning"
          data-testid="cancel-notice"
          data-date={view.date ?? ''}
        >
          {view.date
            ? t('manage_subscription_cancel_notice', { date: format(view.date) })
            : t('manage_subscription_cancel_pending')}
        </p>
      );
    case 'ended':
      return view.date ? (
        <p data-testid="subscription-ended" data-date={view.date}>
          {t('manage_subscription_ended_on', { date: format(view.date) })}
        </p>
      ) : null;
    case 'undated':
      return null;
  }
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const view = subscriptionView(subscription);
  if (view.kind === 'none') return null;
  return (
    <section className="billing-card" aria-labelledby="plan-title">
      <div className="subscription-heading">
        <h2 id="plan-title" className="billing-card-title">
          {t('subscribe_plan_name')}
        </h2>
        <span
          className="subscription-badge"
          data-testid="subscription-status"
          data-status={view.status}
          data-tone={statusTone(view.status)}
        >
          <span className="visually-hidden">{t('manage_subscription_status_label')}: </span>
          {t(`subscription_status_${view.status}`)}
        </span>
      </div>
      <PeriodLine view={view} />
      <div className="billing-actions">
        <PortalButton />
      </div>
    </section>
  );
}

function SubscriptionDetails() {
  const { t } = useTranslation();
  const { load, retry } = useSubscription();
  if (load.state === 'loading') return <PageLoading />;
  if (load.state === 'failed') {
    return (
      <div className="billing-card" data-testid="subscription-error">
        <p>{t('manage_subscription_fetch_error')}</p>
        <button type="button" className="button" data-testid="subscription-retry" onClick={retry}>
          {t('manage_subscription_retry')}
        </button>
      </div>
    );
  }
  if (!load.subscription) {
    return (
      <>
        <p data-testid="subscription-none">{t('manage_subscription_free_plan')}</p>
        <UpgradeCard />
      </>
    );
  }
  return (
    <>
      <SubscriptionCard subscription={load.subscription} />
      {load.subscription.status === 'CANCELED' && <UpgradeCard />}
    </>
  );
}

/** docs/SPEC.md §2 /manage-subscription and §4 Subscription. */
export function ManageSubscriptionPage() {
  const { t } = useTranslation();
  return (
    <section className="page billing-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('manage_subscription_page_title')}</h1>
      <p>{t('manage_subscription_page_description')}</p>
      <SubscriptionDetails />
      <footer className="billing-footer">
        <LegalLinks />
      </footer>
    </section>
  );
}
