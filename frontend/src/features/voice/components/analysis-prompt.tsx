import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../lib/modal-dialog';

export function AnalysisPrompt({ onAnalyze, onCancel }: { onAnalyze: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      testId="analysis-prompt"
      title={t('voice_analysis_prompt_title')}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            className="button button-soft"
            data-testid="analysis-prompt-cancel"
            onClick={onCancel}
          >
            {t('voice_analysis_prompt_cancel')}
          </button>
          <button
            type="button"
            className="button button-soft button-primary"
            data-testid="analysis-prompt-analyze"
            onClick={onAnalyze}
          >
            {t('voice_analysis_prompt_analyze')}
          </button>
        </>
      }
    >
      <p>{t('voice_analysis_prompt_description')}</p>
      <ul className="voice-feature-list">
        <li>{t('voice_analysis_prompt_locations')}</li>
        <li>{t('voice_analysis_prompt_prices')}</li>
        <li>{t('voice_analysis_prompt_emergencies')}</li>
      </ul>
    </ModalDialog>
  );
}
