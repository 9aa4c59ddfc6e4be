import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { copyText } from '../../../lib/copy-text';
import { externalBrowserUrl, type BrowserBlockReason } from '../browser-support';
import './in-app-browser-overlay.css';

const text = {
  'in-app': { title: 'inapp_title', message: 'inapp_message' },
  'no-media-devices': { title: 'inapp_no_media_title', message: 'inapp_no_media_message' },
} as const satisfies Record<BrowserBlockReason, { title: string; message: string }>;

export function InAppBrowserOverlay({ reason }: { reason: BrowserBlockReason }) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const firstAction = useRef<HTMLButtonElement>(null);

  // Everything behind is inert, so focus starts here.
  useEffect(() => firstAction.current?.focus(), []);

  const copyLink = async () => {
    if (await copyText(window.location.href)) toast.success(t('link_copied'));
    else toast.error(t('link_copy_failed'));
  };

  const openInBrowser = () => {
    const target = externalBrowserUrl(window.location.href, navigator.userAgent);
    if (target === window.location.href) window.open(target, '_blank', 'noopener');
    else window.location.href = target;
  };

  return (
    <div
      className="inapp-overlay"
      data-testid="inapp-overlay"
      data-reason={reason}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <div className="inapp-card">
        <span className="inapp-icon" aria-hidden="true">
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 9.3V6a3 3 0 0 0-5.7-1.3M9 9v3a3 3 0 0 0 4.9 2.3M5 11a7 7 0 0 0 11.3 5.5M19 11a7 7 0 0 1-.4 2.3M12 18v3M3 3l18 18" />
          </svg>
        </span>
        <h2 id={titleId}>{t(text[reason].title)}</h2>
        <p id={messageId}>{t(text[reason].message)}</p>
        {reason === 'in-app' && <p className="inapp-hint">{t('inapp_menu_hint')}</p>}
        <div className="button-row">
          <button
            ref={firstAction}
            type="button"
            className="button"
            data-testid="inapp-copy-link"
            onClick={() => void copyLink()}
          >
            {t('inapp_copy_link')}
          </button>
          <button
            type="button"
            className="button button-primary"
            data-testid="inapp-open-browser"
            onClick={openInBrowser}
          >
            {t('inapp_open_browser')}
          </button>
        </div>
      </div>
    </div>
  );
}
