import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';

export type GateReason = 'login' | 'subscription';

/** docs/SPEC.md §2: photo translation is for subscribers; others are sent to sign in or to subscribe. */
export function PhotoGate({ reason }: { reason: GateReason }) {
  const { t } = useTranslation();
  return (
    <section
      className="page page-centered photo-gate"
      aria-labelledby="page-title"
      data-testid="photo-gate"
      data-reason={reason}
    >
      <h1 id="page-title">{t('photo_page_title')}</h1>
      <p>{reason === 'login' ? t('photo_gate_login_required') : t('photo_gate_subscription_required')}</p>
      <div className="button-row">
        {reason === 'login' ? (
          <Link to={PAGES.login} className="button button-primary" data-testid="photo-gate-action">
            {t('photo_gate_login')}
          </Link>
        ) : (
          <Link to={PAGES.subscribe} className="button button-primary" data-testid="photo-gate-action">
            {t('photo_gate_subscribe')}
          </Link>
        )}
      </div>
    </section>
  );
}
