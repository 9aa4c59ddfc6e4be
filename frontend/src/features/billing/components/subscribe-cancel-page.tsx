import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';

/** docs/SPEC.md §2 /subscribe-cancel: where the provider's checkout sends a visitor who gave up. */
export function SubscribeCancelPage() {
  const { t } = useTranslation();
  return (
    <section className="page page-centered" aria-labelledby="page-title">
      <h1 id="page-title">{t('subscribe_cancel_page_title')}</h1>
      <p>{t('subscribe_cancel_page_description')}</p>
      <div className="button-row">
        <Link to={PAGES.home} className="button" data-testid="subscribe-cancel-home">
          {t('subscribe_cancel_home')}
        </Link>
        <Link to={PAGES.subscribe} className="button button-primary" data-testid="subscribe-cancel-retry">
          {t('subscribe_cancel_try_again')}
        </Link>
      </div>
    </section>
  );
}
