import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import './not-found-page.css';

// React Router keys the first location of a visit "default": then there is no in-app page to return to, but the
// visitor may still have come from another page (a typed URL, a link elsewhere), which the browser's own history
// knows. Only with neither does Go Back fall back to the home page.
const firstLocationKey = 'default';

function canGoBack(locationKey: string): boolean {
  return locationKey !== firstLocationKey || window.history.length > 1;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const goHome = () => void navigate(PAGES.home);
  const goBack = () =>
    void (canGoBack(location.key) ? navigate(-1) : navigate(PAGES.home, { replace: true }));

  return (
    <section className="page page-centered" data-testid="not-found" aria-labelledby="page-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="page-title">{t('not_found_title')}</h1>
      <p>{t('not_found_message', { path: location.pathname })}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" data-testid="go-home" onClick={goHome}>
          {t('go_home')}
        </button>
        <button type="button" className="button" data-testid="go-back" onClick={goBack}>
          {t('go_back')}
        </button>
      </div>
    </section>
  );
}
