import { lazy, Suspense, useCallback } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { SessionProvider } from '../features/auth/components/session-provider';
import { AppThemeProvider } from './theme-provider';
import { FirstScreenFallback } from './shell-skeleton';
import { afterNextPaint } from '../lib/after-next-paint';

// Toasts only follow something the visitor did or a failed call, never the first paint: sonner loads after it.
const AppToaster = lazy(async () => {
  await afterNextPaint();
  return { default: (await import('./app-toaster')).AppToaster };
});

type AppRouter = ReturnType<typeof createBrowserRouter>;

// Screens suspend until their locale file has arrived (react-i18next useSuspense), hence the outer Suspense; until
// then the first screen's outline stays as index.html painted it (shell-skeleton.tsx).
// The session sits outside the router (it needs none of it), so logout reaches / through the router itself.
export function App({ router }: { router: AppRouter }) {
  const goHome = useCallback(() => void router.navigate(PAGES.home), [router]);
  return (
    <AppThemeProvider>
      <SessionProvider onLogout={goHome}>
        <Suspense fallback={<FirstScreenFallback pathname={window.location.pathname} />}>
          <RouterProvider router={router} />
        </Suspense>
      </SessionProvider>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </AppThemeProvider>
  );
}
