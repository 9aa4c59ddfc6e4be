import { useTranslation } from 'react-i18next';

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('privacy_policy_page_title')}</h1>
      <p>{t('privacy_policy_page_description')}</p>
    </section>
  );
}
