import { useTranslation } from 'react-i18next';
import { PHOTO_PROGRESS_TICK_MS } from '@wayfarer/shared/constants';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ProgressBar } from '../../../lib/progress-bar';
import { progressOf, type PhotoTranslation } from '../hooks/use-photo-translation';
import { hasNoText } from '../photo-model';

/** The translation result card (docs/SPEC.md §2, §8); `data-state` = idle, loading, error, empty or ready. */
export function PhotoResult({ translation }: { translation: PhotoTranslation }) {
  const { t } = useTranslation();
  const empty = translation.kind === 'done' && hasNoText(translation.result);
  const state =
    translation.kind === 'pending'
      ? 'loading'
      : translation.kind === 'failed'
        ? 'error'
        : translation.kind === 'done'
          ? empty
            ? 'empty'
            : 'ready'
          : 'idle';
  const progress = progressOf(translation);

  return (
    <section
      className="photo-card"
      data-testid="photo-result"
      data-state={state}
      aria-busy={state === 'loading'}
    >
      <h2 className="photo-card-title">{t('photo_result_title')}</h2>
      {state === 'idle' && <p className="photo-muted">{t('photo_result_placeholder')}</p>}
      {state === 'loading' && (
        <ProgressBar
          value={progress}
          label={t('photo_progress_label')}
          testId="photo-progress"
          tickMs={PHOTO_PROGRESS_TICK_MS}
        />
      )}
      {state === 'error' && (
        <p className="photo-error" role="alert">
          {t(PHOTO_ERROR_KEYS.resultFailed)}
        </p>
      )}
      {state === 'empty' && <p className="photo-muted">{t(PHOTO_ERROR_KEYS.noTextDetected)}</p>}
      {translation.kind === 'done' && !empty && (
        <div className="photo-texts">
          <h3 className="photo-text-label">{t('photo_original_label')}</h3>
          <p className="photo-text" data-testid="photo-original">
            {translation.result.originalText}
          </p>
          <h3 className="photo-text-label">{t('photo_translated_label')}</h3>
          <p className="photo-text photo-text-strong" data-testid="photo-translated">
            {translation.result.translatedText}
          </p>
        </div>
      )}
    </section>
  );
}
