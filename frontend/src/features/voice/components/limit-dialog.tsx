import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { useSession } from '../../../lib/session-context';
import { Tooltip } from '../../../lib/tooltip';
import { ModalDialog } from '../../../lib/modal-dialog';

/** docs/SPEC.md §6: anonymous visitors are offered login and register; signed-in free users logout and subscribe. */
export function LimitDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  return (
    <ModalDialog
      testId="limit-dialog"
      title={t('voice_limit_title')}
      onClose={onClose}
      actions={
        signedIn ? (
          <>
            <button
              type="button"
              className="button button-soft"
              data-testid="limit-logout"
              onClick={() => session.logout()}
            >
              {t('voice_limit_logout')}
            </button>
            <Link
              to={PAGES.subscribe}
              className="button button-soft button-primary"
              data-testid="limit-subscribe"
            >
              {t('voice_limit_subscribe')}
            </Link>
          </>
        ) : (
          <>
            <Link to={PAGES.login} className="button button-soft" data-testid="limit-login">
              {t('voice_limit_login')}
            </Link>
            <Link
              to={PAGES.register}
              className="button button-soft button-primary"
              data-testid="limit-register"
            >
              {t('voice_limit_register')}
            </Link>
          </>
        )
      }
    >
      <p>{signedIn ? t('voice_limit_signed_in') : t('voice_limit_anonymous')}</p>
      <Tooltip label={t('voice_dialog_close')} side="left" className="dialog-close-anchor">
        <button
          type="button"
          className="dialog-close"
          aria-label={t('voice_dialog_close')}
          onClick={onClose}
        >
          ×
        </button>
      </Tooltip>
    </ModalDialog>
  );
}
