import { useTranslation } from 'react-i18next';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('forgot_password_page_title')}</h1>
      <p>{t('forgot_password_page_description')}</p>
    </section>
  );
}
