import { useTranslation } from 'react-i18next';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('login_page_title')}</h1>
      <p>{t('login_page_description')}</p>
    </section>
  );
}
