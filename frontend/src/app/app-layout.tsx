import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { useBrowserBlock } from '../features/browser-guard/hooks/use-browser-block';
import { AppHeader } from './app-header';
import { LegalLinks } from '../lib/legal-links';
import { PageLoading } from '../lib/page-loading';
import { HomeSkeleton } from './shell-skeleton';
import { usePageTracking } from './use-page-tracking';

// Almost every visitor never sees the overlay, so its code is fetched only for those who do.
const InAppBrowserOverlay = lazy(async () => ({
  default: (await import('../features/browser-guard/components/in-app-browser-overlay')).InAppBrowserOverlay,
}));

export function AppLayout() {
  const { t } = useTranslation();
  const blockedBecause = useBrowserBlock();
  usePageTracking();
  const { pathname } = useLocation();

  return (
    <>
      <div className="app-shell" inert={blockedBecause !== null}>
        <a className="skip-link" href="#main">
          {t('skip_to_content')}
        </a>
        <AppHeader />
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense fallback={pathname === PAGES.home ? <HomeSkeleton /> : <PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer">
          <LegalLinks />
        </footer>
      </div>
      {blockedBecause && (
        <Suspense fallback={null}>
          <InAppBrowserOverlay reason={blockedBecause} />
        </Suspense>
      )}
    </>
  );
}
