import { Suspense } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppThemeProvider } from './theme-provider';
import { AppToaster } from './app-toaster';
import { PageLoading } from './page-loading';

type AppRouter = ReturnType<typeof createBrowserRouter>;

// Screens suspend until their locale file has arrived (react-i18next useSuspense), hence the outer Suspense.
export function App({ router }: { router: AppRouter }) {
  return (
    <AppThemeProvider>
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
      <AppToaster />
    </AppThemeProvider>
  );
}
