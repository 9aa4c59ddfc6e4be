import { useTranslation } from 'react-i18next';

export function SubscribeCancelPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('subscribe_cancel_page_title')}</h1>
      <p>{t('subscribe_cancel_page_description')}</p>
    </section>
  );
}
