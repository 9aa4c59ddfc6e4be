import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';

/** The three legal pages, as the app's footer and the manage-subscription page list them (docs/SPEC.md §2). */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('legal_nav_label')}>
      <Link to={PAGES.privacyPolicy}>{t('privacy_policy_page_title')}</Link>
      <Link to={PAGES.termsOfService}>{t('terms_of_service_page_title')}</Link>
      <Link to={PAGES.refundPolicy}>{t('refund_policy_page_title')}</Link>
    </nav>
  );
}
