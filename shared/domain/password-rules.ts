import * as z from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants';
import { FORM_ERROR_KEYS } from './error-keys';
import type { FormErrorKey } from './error-keys';

export type PasswordRuleId = 'minLength' | 'lowercase' | 'uppercase' | 'number' | 'special';

export interface PasswordRule {
  readonly id: PasswordRuleId;
  /** Tested against the whole password; a password may hold any other characters too. */
  readonly pattern: RegExp;
  /** Shown, translated, by the register and reset-password forms (docs/SPEC.md §5). */
  readonly messageKey: FormErrorKey;
}

function characterClass(characters: string): string {
  return `[${characters.replace(/[\\\]^-]/g, '\\$&')}]`;
}

/** docs/SPEC.md §5, in the order a user should fix them: the first failing rule is the one a form shows. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'minLength',
    pattern: new RegExp(`^[\\s\\S]{${PASSWORD_MIN_LENGTH},}$`),
    messageKey: FORM_ERROR_KEYS.passwordMinLength,
  },
  {
    id: 'lowercase',
    pattern: /[a-z]/,
    messageKey: FORM_ERROR_KEYS.passwordLowercase,
  },
  {
    id: 'uppercase',
    pattern: /[A-Z]/,
    messageKey: FORM_ERROR_KEYS.passwordUppercase,
  },
  {
    id: 'number',
    pattern: /\d/,
    messageKey: FORM_ERROR_KEYS.passwordNumber,
  },
  {
    id: 'special',
    pattern: new RegExp(characterClass(PASSWORD_SPECIAL_CHARACTERS)),
    messageKey: FORM_ERROR_KEYS.passwordSpecial,
  },
];

/** The rules a password breaks, in rule order; empty when it is acceptable. */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.pattern.test(password));
}

export function isAcceptablePassword(password: string): boolean {
  return failedPasswordRules(password).length === 0;
}

// Each rule is its own check, so a form can show every broken rule and the server reports the same ones.
/** A new password (register and reset-password forms): each broken rule gives its message key. */
export const newPasswordSchema = PASSWORD_RULES.reduce(
  (schema, rule) => schema.regex(rule.pattern, { error: rule.messageKey }),
  z.string(),
);

export const emailSchema = z.email({ error: FORM_ERROR_KEYS.invalidEmail });

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatchOnConfirmField = { error: FORM_ERROR_KEYS.passwordsDoNotMatch, path: ['confirmPassword'] };

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: FORM_ERROR_KEYS.passwordRequired }),
});

export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatchOnConfirmField);

export const forgotPasswordFormSchema = z.object({ email: emailSchema });

/** The reset page's fields; the token comes from the URL and travels beside them in the request. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatchOnConfirmField);

/** The account page's change-password form: the current password, and a new one by the register rules. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: FORM_ERROR_KEYS.passwordRequired }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, mismatchOnConfirmField);

/** Sign out everywhere and delete the account: the password, typed again. */
export const passwordConfirmationFormSchema = z.object({
  password: z.string().min(1, { error: FORM_ERROR_KEYS.passwordRequired }),
});

/** docs/SPEC.md §5: the admin password must be non-blank before it is sent. */
export const adminPasswordFormSchema = z.object({
  password: z
    .string()
    .refine((value) => value.trim() !== '', { error: FORM_ERROR_KEYS.adminPasswordRequired }),
});

export type LoginForm = z.infer<typeof loginFormSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
export type AdminPasswordForm = z.infer<typeof adminPasswordFormSchema>;
