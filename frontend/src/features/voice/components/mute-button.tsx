import { useTranslation } from 'react-i18next';
import { strokeIconProps } from '../../../lib/stroke-icon';
import { Tooltip } from '../../../lib/tooltip';

/** The microphone as it is now: open, or struck through when muted. */
function MicrophoneIcon({ muted }: { muted: boolean }) {
  return (
    <svg {...strokeIconProps(26)} data-testid="mute-icon" data-muted={muted}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" />
      {muted && <path d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * docs/SPEC.md §2: floating round button showing the microphone's state (a microphone, struck through and red when
 * muted, grey otherwise); its accessible name and its tooltip (on its left) say what pressing it does.
 */
export function MuteButton({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = muted ? t('voice_unmute') : t('voice_mute');
  return (
    <div className="voice-mute">
      <Tooltip label={label} side="left">
        <button
          type="button"
          className="voice-mute-button"
          data-testid="mute-button"
          data-muted={muted}
          aria-label={label}
          onClick={onToggle}
        >
          <MicrophoneIcon muted={muted} />
        </button>
      </Tooltip>
    </div>
  );
}
