import { useTranslation } from 'react-i18next';
import type { ConversationStatus } from '../conversation';

const labels = {
  idle: 'voice_status_idle',
  initializing: 'voice_status_initializing',
  recording: 'voice_status_recording',
  transcribing: 'voice_status_transcribing',
  transcribed: 'voice_status_transcribed',
  translating: 'voice_status_translating',
  speaking: 'voice_status_speaking',
  stopped: 'voice_status_stopped',
  limit_reached: 'voice_status_limit_reached',
  permission_denied: 'voice_status_permission_denied',
  error: 'voice_status_error',
} as const satisfies Record<ConversationStatus, string>;

export function StatusBadge({ status }: { status: ConversationStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className="voice-badge"
      data-testid="status-badge"
      data-status={status}
      role="status"
      aria-live="polite"
    >
      {t(labels[status])}
    </span>
  );
}
