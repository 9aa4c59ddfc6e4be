import { useTranslation } from 'react-i18next';
import type { EngineDecision } from '../../../lib/translation-engine';

/*
 * Part of the voice screen's own code, not of the lazily loaded on-device translation: the badge appeared ~100 ms
 * after Translate was switched on and, on a phone, wrapped the badges onto a new line under a finger on its way to
 * the language picker.
 */

/** Which engine translates the phrases shown ("on this device"): beside the status badge. */
export function EngineBadge({ decision }: { decision: EngineDecision }) {
  const { t } = useTranslation();
  if (decision !== 'device' && decision !== 'server') return null;
  return (
    <span
      className="voice-badge device-engine-badge"
      data-testid="translation-engine-badge"
      data-engine={decision}
    >
      {t(decision === 'device' ? 'voice_engine_badge_device' : 'voice_engine_badge_server')}
    </span>
  );
}
