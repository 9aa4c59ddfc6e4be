import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { subscriptionSuccessQuerySchema } from '@wayfarer/shared/api/billing';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';
import { useCheckoutConfirmation } from '../hooks/use-checkout-confirmation';

/** docs/SPEC.md §2 /subscribe-success: where the provider's checkout returns after payment. */
export function SubscribeSuccessPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const query = subscriptionSuccessQuerySchema.safeParse({
    session_id: searchParams.get(PAGE_QUERY.checkoutSession) ?? undefined,
  });
  const confirmation = useCheckoutConfirmation(query.success ? query.data.session_id : null);

  return (
    <section
      className="page page-centered"
      aria-labelledby="page-title"
      data-testid="subscribe-success"
      data-state={confirmation}
    >
      <h1 id="page-title">{t('subscribe_success_page_title')}</h1>
      <p role="status">
        {confirmation === 'confirming' && t('subscribe_success_confirming')}
        {confirmation === 'confirmed' && t('subscribe_success_page_description')}
        {confirmation === 'pending' && t('subscribe_success_pending')}
      </p>
      <div className="button-row">
        <Link to={PAGES.home} className="button button-primary" data-testid="subscribe-success-translator">
          {t('subscribe_success_translator_link')}
        </Link>
      </div>
    </section>
  );
}
