import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = ['camera_help_step_1', 'camera_help_step_2', 'camera_help_step_3'] as const;

/** docs/SPEC.md §2: how to allow the camera again, closed with Got it (or Escape). */
export function CameraHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const gotIt = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    gotIt.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  return (
    <div className="photo-backdrop">
      <div
        className="photo-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="camera-help-dialog"
      >
        <h2 id={titleId} className="photo-dialog-title">
          {t('camera_help_title')}
        </h2>
        <ol className="photo-steps">
          {STEPS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <div className="button-row">
          <button
            ref={gotIt}
            type="button"
            className="button button-primary"
            data-testid="camera-help-got-it"
            onClick={onClose}
          >
            {t('camera_help_got_it')}
          </button>
        </div>
      </div>
    </div>
  );
}
