import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { callRoute, type RouteRequest } from '../../lib/api-client';

// The auth calls of docs/SPEC.md §7. None sends a token (the route table says so): they are how a visitor gets one.

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
