import { useTranslation } from 'react-i18next';

export function TranslatePhotoPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t('photo_page_title')}</h1>
      <p>{t('photo_page_description')}</p>
    </section>
  );
}
