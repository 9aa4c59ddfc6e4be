import { useTranslation } from 'react-i18next';

export function InitializingOverlay() {
  const { t } = useTranslation();
  return (
    <div
      className="voice-backdrop voice-initializing"
      data-testid="initializing-overlay"
      role="status"
      aria-live="polite"
    >
      <div className="voice-dialog voice-initializing-panel">
        <span className="voice-spinner" aria-hidden="true" />
        <p className="voice-dialog-title">{t('voice_initializing_title')}</p>
        <p>{t('voice_initializing_hint')}</p>
      </div>
    </div>
  );
}
