import { accountExportSchema, type AccountExport } from '@wayfarer/shared/api/account';
import { sessionResponseSchema, type SessionResponse } from '@wayfarer/shared/api/auth';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { callRoute, type RouteRequest } from '../../lib/api-client';

// The auth calls of docs/SPEC.md §7. Those above the account page's send no token (the route table says so): they
// are how a visitor gets one.

export const login = (body: RouteRequest<'auth.login'>['body']) =>
  callRoute('auth.login', { body, fallbackKey: ACCOUNT_ERROR_KEYS.loginFailed });

export const register = (body: RouteRequest<'auth.register'>['body']) =>
  callRoute('auth.register', { body, fallbackKey: ACCOUNT_ERROR_KEYS.registrationFailed });

export const requestPasswordReset = (body: RouteRequest<'auth.forgotPassword'>['body']) =>
  callRoute('auth.forgotPassword', { body, fallbackKey: ACCOUNT_ERROR_KEYS.passwordResetRequestFailed });

export const resetPassword = (body: RouteRequest<'auth.resetPassword'>['body']) =>
  callRoute('auth.resetPassword', { body, fallbackKey: ACCOUNT_ERROR_KEYS.resetPasswordFailed });

export const requestVerificationMail = (body: RouteRequest<'auth.verificationMail'>['body']) =>
  callRoute('auth.verificationMail', { body, fallbackKey: ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken });

export const verifyEmail = (body: RouteRequest<'auth.verifyEmail'>['body']) =>
  callRoute('auth.verifyEmail', { body, fallbackKey: ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken });

// The account page's calls (docs/SPEC.md §7): a token, and the password again for each. Their answers are
// checked with the shared schemas, as the billing pages' are: the page loads lazily.

/** POST /api/auth/change-password: a fresh session for this browser; every other one has ended. */
export async function changePassword(
  body: RouteRequest<'auth.changePassword'>['body'],
): Promise<SessionResponse> {
  const answer = await callRoute('auth.changePassword', {
    body,
    fallbackKey: ACCOUNT_ERROR_KEYS.accountActionFailed,
  });
  return sessionResponseSchema.parse(answer);
}

/** POST /api/auth/sign-out-everywhere: a fresh session for this browser; every other one has ended. */
export async function signOutEverywhere(
  body: RouteRequest<'auth.signOutEverywhere'>['body'],
): Promise<SessionResponse> {
  const answer = await callRoute('auth.signOutEverywhere', {
    body,
    fallbackKey: ACCOUNT_ERROR_KEYS.accountActionFailed,
  });
  return sessionResponseSchema.parse(answer);
}

/** POST /api/account/export, with the password: everything the server holds about the account. */
export async function exportAccount(body: RouteRequest<'account.export'>['body']): Promise<AccountExport> {
  const answer = await callRoute('account.export', {
    body,
    fallbackKey: ACCOUNT_ERROR_KEYS.accountActionFailed,
  });
  return accountExportSchema.parse(answer);
}

/** DELETE /api/account: the account is gone once this resolves. */
export async function deleteAccount(body: RouteRequest<'account.delete'>['body']): Promise<void> {
  await callRoute('account.delete', { body, fallbackKey: ACCOUNT_ERROR_KEYS.accountActionFailed });
}
