import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../lib/tooltip';

/** docs/SPEC.md §2: floating round button, OFF in red when muted, ON in grey otherwise, tooltip on its left. */
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
          {muted ? t('voice_mute_off') : t('voice_mute_on')}
        </button>
      </Tooltip>
    </div>
  );
}
