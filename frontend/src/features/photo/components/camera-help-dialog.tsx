import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../lib/modal-dialog';

const STEPS = ['camera_help_step_1', 'camera_help_step_2', 'camera_help_step_3'] as const;

/** docs/SPEC.md §2: how to allow the camera again, closed with Got it (or Escape). */
export function CameraHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      testId="camera-help-dialog"
      title={t('camera_help_title')}
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" data-testid="camera-help-got-it" onClick={onClose}>
          {t('camera_help_got_it')}
        </button>
      }
    >
      <ol className="photo-steps">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </ModalDialog>
  );
}
