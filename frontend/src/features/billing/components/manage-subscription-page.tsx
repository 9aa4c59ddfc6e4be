import { useTranslation } from 'react-i18next';

export function ManageSubscriptionPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('manage_subscription_page_title')}</h1>
      <p>{t('manage_subscription_page_description')}</p>
    </section>
  );
}
