import { useTranslation } from 'react-i18next';
import type { SpokenLagReport } from '../speak-back';

/** Below this the voice keeps up: nothing is shown (docs/SPEC.md §9 Spoken lag). */
const SHOWN_FROM_MS = 1_000;

/**
 * How many seconds the voice trails the speaker (docs/SPEC.md §4 Spoken lag). Its data attributes count what
 * became of the phrases (docs/TESTIDS.md speech-lag); hidden while the voice keeps up.
 */
export function SpeechLag({ report }: { report: SpokenLagReport | null }) {
  const { t } = useTranslation();
  const lagMs = report?.lagMs ?? null;
  const shown = lagMs !== null && lagMs >= SHOWN_FROM_MS;
  return (
    <span
      className="voice-badge voice-speech-lag"
      data-testid="speech-lag"
      data-lag-ms={lagMs ?? undefined}
      data-started-at={report?.lastStarted ? Math.round(report.lastStarted.at) : undefined}
      data-started-phrases={report?.lastStarted?.phrases.join(' ')}
      data-spoken={report?.spoken ?? 0}
      data-sped-up={report?.spedUp ?? 0}
      data-merged={report?.merged ?? 0}
      data-shown-only={report?.shownOnly ?? 0}
      hidden={!shown}
    >
      {shown ? t('voice_speech_lag', { seconds: Math.round(lagMs / 1000) }) : null}
    </span>
  );
}
