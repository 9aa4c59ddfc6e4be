import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { AppLayout } from './app-layout';
import { PageLoading } from '../lib/page-loading';
import { FirstScreenFallback } from './shell-skeleton';
import { HomeRoute } from './home-route';

const FirstScreen = () => <FirstScreenFallback pathname={window.location.pathname} />;

/** docs/SPEC.md §2: a page for signed-in users; anyone else goes to /login, which brings them back afterwards. */
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

// No screen is in the first bundle (docs/DESIGN.md §8 budget); each is fetched when first visited.
export const appRoutes: RouteObject[] = [
  {
    path: PAGES.home,
    Component: AppLayout,
    HydrateFallback: FirstScreen,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: PAGES.translatePhoto,
        lazy: async () => ({
          Component: (await import('../features/photo/components/translate-photo-page')).TranslatePhotoPage,
        }),
      },
      {
        path: PAGES.history,
        lazy: async () => ({ Component: (await import('./history-screen')).HistoryScreen }),
      },
      {
        path: PAGES.login,
        lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }),
      },
      {
        path: PAGES.register,
        lazy: async () => ({
          Component: (await import('../features/auth/components/register-page')).RegisterPage,
        }),
      },
      {
        path: PAGES.forgotPassword,
        lazy: async () => ({
          Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: PAGES.resetPassword,
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: PAGES.verifyEmail,
        lazy: async () => ({
          Component: (await import('../features/auth/components/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: PAGES.subscribe,
        lazy: () =>
          requiringSignIn(
            import('../features/billing/components/subscribe-page').then((page) => page.SubscribePage),
          ),
      },
      {
        path: PAGES.subscribeCancel,
        lazy: async () => ({
          Component: (await import('../features/billing/components/subscribe-cancel-page'))
            .SubscribeCancelPage,
        }),
      },
      {
        path: PAGES.subscribeSuccess,
        lazy: async () => ({
          Component: (await import('../features/billing/components/subscribe-success-page'))
            .SubscribeSuccessPage,
        }),
      },
      {
        path: PAGES.manageSubscription,
        lazy: () =>
          requiringSignIn(
            import('../features/billing/components/manage-subscription-page').then(
              (page) => page.ManageSubscriptionPage,
            ),
          ),
      },
      {
        path: PAGES.account,
        lazy: () =>
          requiringSignIn(
            import('../features/auth/components/account-page').then((page) => page.AccountPage),
          ),
      },
      {
        path: PAGES.adminAnalytics,
        lazy: async () => ({
          Component: (await import('../features/admin/components/admin-analytics-page')).AdminAnalyticsPage,
        }),
      },
      {
        path: PAGES.privacyPolicy,
        lazy: async () => ({
          Component: (await import('../features/legal/components/privacy-policy-page')).PrivacyPolicyPage,
        }),
      },
      {
        path: PAGES.termsOfService,
        lazy: async () => ({
          Component: (await import('../features/legal/components/terms-of-service-page')).TermsOfServicePage,
        }),
      },
      {
        path: PAGES.refundPolicy,
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
