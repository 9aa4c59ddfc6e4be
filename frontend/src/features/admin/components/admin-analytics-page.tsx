import { useTranslation } from 'react-i18next';

export function AdminAnalyticsPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('admin_analytics_page_title')}</h1>
      <p>{t('admin_analytics_page_description')}</p>
    </section>
  );
}
