/**
 * Every page of the single-page app (docs/SPEC.md §2), named once: the router, the header, the sign-in guards, page
 * tracking and every link read their paths here, and so can a server that mails a link into the app.
 * Plain data, no imports: it sits in the first screen's bundle.
 */
export const PAGES = {
  home: '/',
  translatePhoto: '/translate-photo',
  history: '/history',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  subscribe: '/subscribe',
  subscribeCancel: '/subscribe-cancel',
  subscribeSuccess: '/subscribe-success',
  manageSubscription: '/manage-subscription',
  account: '/account',
  adminAnalytics: '/admin/analytics',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  refundPolicy: '/refund-policy',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/**
 * The query parameters pages read (docs/SPEC.md §2: /reset-password?token=..., /verify-email?token=...,
 * /subscribe-success?session_id=...).
 */
export const PAGE_QUERY = {
  resetToken: 'token',
  verifyToken: 'token',
  checkoutSession: 'session_id',
  historySession: 'session',
} as const;
