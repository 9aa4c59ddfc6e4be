import { useTranslation } from 'react-i18next';

/**
 * What the screen shows while the microphone and the speech key are pending (docs/SPEC.md §2). It sits in the
 * page below the buttons rather than over them: on a slow network a traveller must still reach Stop.
 */
export function InitializingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="voice-initializing" data-testid="initializing-overlay" role="status" aria-live="polite">
      <span className="voice-spinner" aria-hidden="true" />
      <div>
        <p className="voice-initializing-title">{t('voice_initializing_title')}</p>
        <p className="voice-initializing-hint">{t('voice_initializing_hint')}</p>
      </div>
    </div>
  );
}
