import { useTranslation } from 'react-i18next';
import type { ConversationStatus } from '../conversation';

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
      {t(`voice_status_${status}`)}
    </span>
  );
}
