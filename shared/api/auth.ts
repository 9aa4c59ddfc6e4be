import * as z from 'zod';

export const subscriptionStatusSchema = z.enum([
  'NONE',
  'ACTIVE',
  'CANCELED',
  'PAST_DUE',
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'TRIALING',
  'UNPAID',
  'PAUSED',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const userSchema = z.object({
  email: z.email(),
  subscriptionStatus: subscriptionStatusSchema,
  name: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Login, register and refresh all answer with a session: an access token and the user. */
export const sessionResponseSchema = z.object({ token: z.string().min(1), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// Wire-level shapes. The password rules of docs/SPEC.md §5 are layered on by the auth service with the shared
// rules in domain/password-rules, so server and client reject the same passwords with the same messages.
const emailField = z.email().max(254);
const passwordField = z.string().min(1).max(256);
/** A mailed link's token, reset or verification (base64url of 32 random bytes, with room to spare). */
const mailedTokenField = z.string().min(16).max(512);

export const loginRequestSchema = z.object({ email: emailField, password: passwordField });
export const registerRequestSchema = z.object({
  email: emailField,
  password: passwordField,
  confirmPassword: passwordField,
});
export const forgotPasswordRequestSchema = z.object({ email: emailField });
export const resetPasswordRequestSchema = z.object({
  token: mailedTokenField,
  password: passwordField,
});
export const verificationMailRequestSchema = z.object({ email: emailField });
export const verifyEmailRequestSchema = z.object({ token: mailedTokenField });
export const messageResponseSchema = z.object({ message: z.string() });
/**
 * Change password (docs/SPEC.md §5): the current password proves the caller is the owner, not a holder of a stolen
 * access token; the new one follows the register rules. Answers a fresh session for this browser.
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: passwordField,
  newPassword: passwordField,
  confirmPassword: passwordField,
});
/** Sign out on every other device, export and delete the account: the password, typed again, is the proof. */
export const passwordConfirmationRequestSchema = z.object({ password: passwordField });

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export type VerificationMailRequest = z.infer<typeof verificationMailRequestSchema>;
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export type PasswordConfirmationRequest = z.infer<typeof passwordConfirmationRequestSchema>;
