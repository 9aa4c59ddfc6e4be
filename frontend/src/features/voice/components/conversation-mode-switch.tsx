import { useTranslation } from 'react-i18next';

interface ModeSwitchProps {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/** A mode's on/off switch; modes are chosen while no conversation runs. */
function ModeSwitch({
  checked,
  disabled,
  onChange,
  testId,
  label,
}: ModeSwitchProps & { testId: string; label: string }) {
  return (
    <label className="voice-switch">
      <button
        type="button"
        role="switch"
        className="voice-switch-track"
        data-testid={testId}
        data-checked={checked}
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="voice-switch-thumb" aria-hidden="true" />
      </button>
      <span>{label}</span>
    </label>
  );
}

/** One-way translation or a two-way conversation. */
export function ConversationModeSwitch(props: ModeSwitchProps) {
  const { t } = useTranslation();
  return <ModeSwitch {...props} testId="conversation-mode-switch" label={t('voice_two_way_switch')} />;
}

/** Listening mode: one speaker (a guide, a talk, an announcement), the translation large (docs/SPEC.md §2). */
export function ListeningModeSwitch(props: ModeSwitchProps) {
  const { t } = useTranslation();
  return <ModeSwitch {...props} testId="listening-mode-switch" label={t('voice_listening_switch')} />;
}
