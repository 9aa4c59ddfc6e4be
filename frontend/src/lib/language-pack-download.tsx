import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar';
import './language-pack-download.css';

/** The fill eases over a quarter second, about as often as the browser reports a pack's progress. */
const DOWNLOAD_PROGRESS_TICK_MS = 250;

/**
 * docs/SPEC.md §2: an on-device language pack's download while it runs, its progress in words and as a
 * bar, with the Cancel beside the bar; the same on the voice and photo screens, under each screen's test ids
 * (docs/TESTIDS.md). `testId` names the whole, where a screen has one.
 */
export function LanguagePackDownload({
  progress,
  onCancel,
  className,
  testId,
  progressTestId,
  cancelTestId,
}: {
  progress: number;
  onCancel: () => void;
  className: string;
  testId?: string;
  progressTestId: string;
  cancelTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`language-pack-download ${className}`} data-testid={testId} role="status">
      <p className="language-pack-download-text">
        {t('voice_device_download_progress', { percent: progress })}
      </p>
      <div className="language-pack-download-row">
        <ProgressBar
          value={progress}
          label={t('voice_device_download_label')}
          testId={progressTestId}
          tickMs={DOWNLOAD_PROGRESS_TICK_MS}
        />
        <button type="button" className="button button-soft" data-testid={cancelTestId} onClick={onCancel}>
          {t('voice_device_download_cancel')}
        </button>
      </div>
    </div>
  );
}
