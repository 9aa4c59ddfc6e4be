import { Suspense, useCallback } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { SessionProvider } from '../features/auth/components/session-provider';
import { AppThemeProvider } from './theme-provider';
import { AppToaster } from './app-toaster';
import { PageLoading } from './page-loading';

type AppRouter = ReturnType<typeof createBrowserRouter>;

// Screens suspend until their locale file has arrived (react-i18next useSuspense), hence the outer Suspense.
// The session sits outside the router (it needs none of it), so logout reaches / through the router itself.
export function App({ router }: { router: AppRouter }) {
  const goHome = useCallback(() => void router.navigate(PAGES.home), [router]);
  return (
    <AppThemeProvider>
      <SessionProvider onLogout={goHome}>
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
      </SessionProvider>
      <AppToaster />
    </AppThemeProvider>
  );
}
