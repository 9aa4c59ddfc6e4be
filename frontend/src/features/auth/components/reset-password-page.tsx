import { useTranslation } from 'react-i18next';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('reset_password_page_title')}</h1>
      <p>{t('reset_password_page_description')}</p>
    </section>
  );
}
