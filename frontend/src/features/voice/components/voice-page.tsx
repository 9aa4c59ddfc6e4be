import { useTranslation } from 'react-i18next';

export function VoicePage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('voice_page_title')}</h1>
      <p>{t('voice_page_description')}</p>
    </section>
  );
}
