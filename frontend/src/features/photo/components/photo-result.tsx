import { useTranslation } from 'react-i18next';
import { PHOTO_PROGRESS_TICK_MS } from '../../../lib/ui-constants';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { DevicePairNote } from '../../../lib/device-pair-note';
import { LanguagePackDownload } from '../../../lib/language-pack-download';
import { ProgressBar } from '../../../lib/progress-bar';
import type { DevicePhotoTranslation } from '../hooks/use-device-photo-translation';
import { progressOf, type PhotoTranslation } from '../hooks/use-photo-translation';
import { hasNoText } from '../photo-model';

/** The translation result card (docs/SPEC.md §2, §8); `data-state` = idle, loading, error, empty or ready. */
export function PhotoResult({
  translation,
  device,
}: {
  translation: PhotoTranslation;
  /** The device's translation of the text, when it translates instead of the server. */
  device?: DevicePhotoTranslation;
}) {
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
          <p className="photo-text" data-testid="photo-original" dir="auto">
            {translation.result.originalText}
          </p>
          <h3 className="photo-text-label">{t('photo_translated_label')}</h3>
          {device && device.state !== 'off' ? (
            <DeviceText device={device} serverText={translation.result.translatedText} />
          ) : (
            <p className="photo-text photo-text-strong" data-testid="photo-translated" dir="auto">
              {translation.result.translatedText}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The device's translation line: streaming text, the pack's download (with Cancel), what to press when it needs
 * one, or the languages that work on this device when the pair does not (docs/SPEC.md §2, the voice screen's words).
 */
function DeviceText({ device, serverText }: { device: DevicePhotoTranslation; serverText: string }) {
  const { t } = useTranslation();
  const serverStands =
    device.state === 'failed' ||
    device.state === 'needs_gesture' ||
    device.state === 'cancelled' ||
    device.state === 'unsupported';
  return (
    <>
      <p
        className="photo-text photo-text-strong"
        data-testid="photo-translated"
        data-engine="device"
        dir="auto"
      >
        {serverStands ? serverText : device.text}
      </p>
      {device.state === 'done' && (
        <span className="photo-engine-badge" data-testid="photo-engine-badge" data-engine="device">
          {t('voice_engine_badge_device')}
        </span>
      )}
      {device.state === 'downloading' && (
        <LanguagePackDownload
          progress={device.progress}
          onCancel={device.cancel}
          className="photo-device-note"
          progressTestId="photo-device-progress"
          cancelTestId="photo-device-cancel"
        />
      )}
      {device.state === 'cancelled' && (
        <p className="photo-muted photo-device-note" data-testid="photo-device-cancelled" role="status">
          {t('photo_device_download_cancelled')}
        </p>
      )}
      {(device.state === 'needs_gesture' || device.state === 'cancelled') && (
        <button
          type="button"
          className="button photo-device-press"
          data-testid="photo-device-translate"
          onClick={device.translateOnDevice}
        >
          {t('photo_translate_on_device')}
        </button>
      )}
      {device.state === 'unsupported' && device.unsupported && (
        <DevicePairNote
          source={device.unsupported.source}
          target={device.unsupported.target}
          targets={device.unsupported.targets}
          className="photo-muted photo-device-note"
          testId="photo-device-unsupported"
        />
      )}
      {device.state === 'failed' && (
        <p className="photo-muted photo-device-note" role="status">
          {t('voice_device_translation_failed')}
        </p>
      )}
    </>
  );
}
