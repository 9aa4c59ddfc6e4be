import { useId, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { isSubscriber, useSession } from '../../../lib/session-context';
import { createCheckoutSession, subscribeFailureMessage } from '../api';
import { useProviderPage } from '../hooks/use-provider-page';
import { ProPlanCard } from './pro-plan-card';
import './billing.css';

/** A legal page opened beside the checkout, so reading the terms does not lose the ticked box. */
function NewTabLink({
  to,
  describedBy,
  children,
}: {
  to: string;
  describedBy: string;
  children?: ReactNode;
}) {
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" aria-describedby={describedBy}>
      {children}
    </a>
  );
}

/**
 * docs/SPEC.md §2 /subscribe and §4 Subscription: the button stays disabled until the terms are accepted; then a
 * checkout session is created and the browser leaves for the provider's checkout page.
 */
export function SubscribePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [accepted, setAccepted] = useState(false);
  const termsRequiredId = useId();
  const newTabId = useId();

  const checkout = useProviderPage(createCheckoutSession, subscribeFailureMessage);

  return (
    <section className="page billing-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('subscribe_page_title')}</h1>
      <p>{t('subscribe_page_description')}</p>
      <ProPlanCard>
        {isSubscriber(session) ? (
          <p className="billing-notice" data-testid="subscribe-already-active">
            {t('subscribe_already_active')}{' '}
            <Link to={PAGES.manageSubscription}>{t('manage_subscription_page_title')}</Link>
          </p>
        ) : (
          <div className="subscribe-form">
            <label className="subscribe-terms">
              <input
                type="checkbox"
                data-testid="subscribe-terms"
                checked={accepted}
                onChange={(event) => setAccepted(event.target.checked)}
                aria-describedby={accepted ? undefined : termsRequiredId}
              />
              <span>
                <Trans
                  i18nKey="subscribe_terms_label"
                  components={{
                    terms: <NewTabLink to={PAGES.termsOfService} describedBy={newTabId} />,
                    privacy: <NewTabLink to={PAGES.privacyPolicy} describedBy={newTabId} />,
                  }}
                />
              </span>
            </label>
            <span id={newTabId} hidden>
              {t('subscribe_new_tab')}
            </span>
            {!accepted && (
              <p id={termsRequiredId} className="billing-muted" data-testid="subscribe-terms-required">
                {t('subscribe_terms_required')}
              </p>
            )}
            <button
              type="button"
              className="button button-primary subscribe-button"
              data-testid="subscribe-button"
              disabled={!accepted || checkout.opening}
              aria-describedby={accepted ? undefined : termsRequiredId}
              aria-busy={checkout.opening}
              onClick={checkout.open}
            >
              {checkout.opening ? t('subscribe_button_busy') : t('subscribe_button')}
            </button>
          </div>
        )}
      </ProPlanCard>
    </section>
  );
}
