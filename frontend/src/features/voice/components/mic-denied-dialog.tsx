import { useTranslation } from 'react-i18next';
import { detectMicHelpBrowser, type MicHelpBrowser } from '../mic-help-browser';
import { ModalDialog } from '../../../lib/modal-dialog';

const steps = {
  chrome: ['mic_denied_chrome_step_1', 'mic_denied_chrome_step_2', 'mic_denied_chrome_step_3'],
  firefox: ['mic_denied_firefox_step_1', 'mic_denied_firefox_step_2', 'mic_denied_firefox_step_3'],
  safari: ['mic_denied_safari_step_1', 'mic_denied_safari_step_2', 'mic_denied_safari_step_3'],
  edge: ['mic_denied_edge_step_1', 'mic_denied_edge_step_2', 'mic_denied_edge_step_3'],
  opera: ['mic_denied_opera_step_1', 'mic_denied_opera_step_2', 'mic_denied_opera_step_3'],
  ios_safari: [
    'mic_denied_ios_safari_step_1',
    'mic_denied_ios_safari_step_2',
    'mic_denied_ios_safari_step_3',
    'mic_denied_ios_safari_step_4',
  ],
  default: ['mic_denied_default_step_1', 'mic_denied_default_step_2', 'mic_denied_default_step_3'],
} as const satisfies Record<MicHelpBrowser, readonly string[]>;

export function MicDeniedDialog({ onClose, userAgent }: { onClose: () => void; userAgent?: string }) {
  const { t } = useTranslation();
  const browser = detectMicHelpBrowser(userAgent ?? navigator.userAgent);
  return (
    <ModalDialog
      testId="mic-denied-dialog"
      title={t('mic_denied_title')}
      onClose={onClose}
      actions={
        <button
          type="button"
          className="button button-soft button-primary"
          data-testid="mic-denied-got-it"
          onClick={onClose}
        >
          {t('mic_denied_got_it')}
        </button>
      }
    >
      <p>{t('mic_denied_intro')}</p>
      <ol className="voice-steps" data-browser={browser}>
        {steps[browser].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </ModalDialog>
  );
}
