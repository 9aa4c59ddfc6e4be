import { useTranslation } from 'react-i18next';

/**
 * docs/SPEC.md §2 translation on/off. When the server has no translation engine (GET /api/capabilities says
 * 'unavailable') it is off and disabled, and says how to enable one instead of failing phrase after phrase.
 */
export function TranslationSwitch({
  checked,
  disabled,
  unavailable,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  unavailable: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const on = checked && !unavailable;
  return (
    <div className="voice-switch-block">
      <label className="voice-switch">
        <button
          type="button"
          role="switch"
          className="voice-switch-track"
          data-testid="translation-switch"
          data-checked={on}
          data-available={!unavailable}
          aria-checked={on}
          aria-describedby={unavailable ? 'translation-unavailable' : undefined}
          disabled={disabled || unavailable}
          onClick={() => onChange(!on)}
        >
          <span className="voice-switch-thumb" aria-hidden="true" />
        </button>
        <span>{t('voice_translation_switch')}</span>
      </label>
      {unavailable && (
        <p className="voice-unavailable" id="translation-unavailable" data-testid="translation-unavailable">
          <strong>{t('voice_translation_unavailable')}</strong> {t('voice_translation_unavailable_hint')}
        </p>
      )}
    </div>
  );
}
