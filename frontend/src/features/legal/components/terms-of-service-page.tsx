import { useTranslation } from 'react-i18next';
import { MINIMUM_AGE_YEARS } from '@wayfarer/shared/constants';

export function TermsOfServicePage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('terms_of_service_page_title')}</h1>
      <p>{t('terms_of_service_page_description', { minimumAge: MINIMUM_AGE_YEARS })}</p>
    </section>
  );
}
