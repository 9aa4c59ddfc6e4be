import { useTranslation } from 'react-i18next';
import type { EnginePreference } from '../../../lib/translation-engine';

/*
 * Part of the voice screen's own code, not of the lazily loaded on-device translation: the screen draws this row in
 * the choice's place while that code loads (voice-page.tsx), so the row has one markup and one box either way.
 */

/**
 * The choice between the server's engine and this device's. Without `onChoose` it is the stand-in that holds the
 * row's place: disabled, out of the tab order, and without the choice's test id.
 */
export function EngineChoiceRow({
  preference,
  disabled = false,
  onChoose,
}: {
  preference: EnginePreference;
  disabled?: boolean;
  onChoose?: (preference: EnginePreference) => void;
}) {
  const { t } = useTranslation();
  const standIn = onChoose === undefined;
  return (
    <label className="voice-select-label device-engine-choice">
      <span>{t('voice_engine_label')}</span>
      <select
        className="voice-select"
        data-testid={standIn ? undefined : 'translation-engine-select'}
        value={preference}
        disabled={disabled || standIn}
        tabIndex={standIn ? -1 : undefined}
        onChange={(event) => onChoose?.(event.target.value === 'device' ? 'device' : 'server')}
      >
        <option value="server">{t('voice_engine_server')}</option>
        <option value="device">{t('voice_engine_device')}</option>
      </select>
    </label>
  );
}
