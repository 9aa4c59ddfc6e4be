import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { CameraIcon, HomeIcon } from './nav-icons';
import { PageLoading } from './page-loading';

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <header className="app-header" data-testid="app-header">
        <Link to="/" className="app-title">
          {t('app_title')}
        </Link>
        <nav className="app-nav" aria-label={t('nav_main_label')}>
          <NavLink
            to="/"
            end
            className="icon-link"
            data-testid="nav-home"
            aria-label={t('nav_home')}
            title={t('nav_home')}
          >
            <HomeIcon />
          </NavLink>
          <NavLink
            to="/translate-photo"
            className="icon-link"
            data-testid="nav-photo"
            aria-label={t('nav_photo')}
            title={t('nav_photo')}
          >
            <CameraIcon />
          </NavLink>
        </nav>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
