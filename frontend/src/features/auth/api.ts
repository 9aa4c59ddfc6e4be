import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
} from '@wayfarer/shared/api/auth';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { apiRequest } from '../../lib/api-client';

// The auth calls of SPEC §7. None sends a token: they are how a visitor gets one.

export const login = (body: LoginRequest) =>
  apiRequest<SessionResponse>('/api/auth/login', {
    method: 'POST',
    body,
    auth: 'none',
    fallbackKey: ACCOUNT_ERROR_KEYS.loginFailed,
  });

export const register = (body: RegisterRequest) =>
  apiRequest<SessionResponse>('/api/auth/register', {
    method: 'POST',
    body,
    auth: 'none',
    fallbackKey: ACCOUNT_ERROR_KEYS.registrationFailed,
  });

export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  apiRequest<{ message: string }>('/api/auth/forgot-password', {
    method: 'POST',
    body,
    auth: 'none',
    fallbackKey: ACCOUNT_ERROR_KEYS.passwordResetRequestFailed,
  });

export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest<{ message: string }>('/api/auth/reset-password', {
    method: 'POST',
    body,
    auth: 'none',
    fallbackKey: ACCOUNT_ERROR_KEYS.resetPasswordFailed,
  });
