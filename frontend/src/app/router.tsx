import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { HomeScreen } from './home-screen';
import { AppLayout } from './app-layout';
import { PageLoading } from './page-loading';

/** SPEC §2: a page for signed-in users; anyone else goes to /login, which brings them back afterwards. */
async function requiringSignIn(page: Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  const [Page, { RequireSignIn }] = await Promise.all([
    page,
    import('../features/auth/components/require-sign-in'),
  ]);
  return {
    Component: () => (
      <RequireSignIn pending={<PageLoading />}>
        <Page />
      </RequireSignIn>
    ),
  };
}

// Only / is in the first bundle (DESIGN.md §8 budget); every other screen is fetched when first visited.
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: PageLoading,
    children: [
      { index: true, Component: HomeScreen },
      {
        path: 'translate-photo',
        lazy: async () => ({
          Component: (await import('../features/photo/components/translate-photo-page')).TranslatePhotoPage,
        }),
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('../features/auth/components/register-page')).RegisterPage,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: 'subscribe',
        lazy: () =>
          requiringSignIn(
            import('../features/billing/components/subscribe-page').then((page) => page.SubscribePage),
          ),
      },
      {
        path: 'subscribe-cancel',
        lazy: async () => ({
          Component: (await import('../features/billing/components/subscribe-cancel-page'))
            .SubscribeCancelPage,
        }),
      },
      {
        path: 'subscribe-success',
        lazy: async () => ({
          Component: (await import('../features/billing/components/subscribe-success-page'))
            .SubscribeSuccessPage,
        }),
      },
      {
        path: 'manage-subscription',
        lazy: () =>
          requiringSignIn(
            import('../features/billing/components/manage-subscription-page').then(
              (page) => page.ManageSubscriptionPage,
            ),
          ),
      },
      {
        path: 'admin/analytics',
        lazy: async () => ({
          Component: (await import('../features/admin/components/admin-analytics-page')).AdminAnalyticsPage,
        }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({
          Component: (await import('../features/legal/components/privacy-policy-page')).PrivacyPolicyPage,
        }),
      },
      {
        path: 'terms-of-service',
        lazy: async () => ({
          Component: (await import('../features/legal/components/terms-of-service-page')).TermsOfServicePage,
        }),
      },
      {
        path: 'refund-policy',
        lazy: async () => ({
          Component: (await import('../features/legal/components/refund-policy-page')).RefundPolicyPage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/errors/components/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];
