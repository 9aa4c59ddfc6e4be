import { useTranslation } from 'react-i18next';

/** One-way translation or a two-way conversation; chosen while no conversation runs. */
export function ConversationModeSwitch({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="voice-switch">
      <button
        type="button"
        role="switch"
        className="voice-switch-track"
        data-testid="conversation-mode-switch"
        data-checked={checked}
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="voice-switch-thumb" aria-hidden="true" />
      </button>
      <span>{t('voice_two_way_switch')}</span>
    </label>
  );
}
