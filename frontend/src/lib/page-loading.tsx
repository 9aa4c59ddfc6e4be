import { useTranslation } from 'react-i18next';

// Shown while translations or a screen's code load. It must not suspend itself: before the first locale file
// arrives there is no text to show, only the busy state.
export function PageLoading() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <div
      className="page-loading"
      role="status"
      aria-busy="true"
      aria-label={ready ? t('loading') : undefined}
    >
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
