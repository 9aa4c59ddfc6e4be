import { useTranslation } from 'react-i18next';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('register_page_title')}</h1>
      <p>{t('register_page_description')}</p>
    </section>
  );
}
