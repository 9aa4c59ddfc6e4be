import * as z from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../constants';
import { FORM_ERROR_KEYS, LITERAL_MESSAGES, RESET_PASSWORD_MESSAGES } from './error-keys';
import type { FormErrorKey, ResetPasswordMessage } from './error-keys';

export type PasswordRuleId = 'minLength' | 'lowercase' | 'uppercase' | 'number' | 'special';

export interface PasswordRule {
  readonly id: PasswordRuleId;
  /** Tested against the whole password; a password may hold any other characters too. */
  readonly pattern: RegExp;
  /** Shown by the register form (translated). */
  readonly messageKey: FormErrorKey;
  /** Shown by the reset-password page, which states the rules in plain text (docs/SPEC.md §5). */
  readonly resetMessage: ResetPasswordMessage;
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
    resetMessage: RESET_PASSWORD_MESSAGES.minLength,
  },
  {
    id: 'lowercase',
    pattern: /[a-z]/,
    messageKey: FORM_ERROR_KEYS.passwordLowercase,
    resetMessage: RESET_PASSWORD_MESSAGES.lowercase,
  },
  {
    id: 'uppercase',
    pattern: /[A-Z]/,
    messageKey: FORM_ERROR_KEYS.passwordUppercase,
    resetMessage: RESET_PASSWORD_MESSAGES.uppercase,
  },
  {
    id: 'number',
    pattern: /\d/,
    messageKey: FORM_ERROR_KEYS.passwordNumber,
    resetMessage: RESET_PASSWORD_MESSAGES.number,
  },
  {
    id: 'special',
    pattern: new RegExp(characterClass(PASSWORD_SPECIAL_CHARACTERS)),
    messageKey: FORM_ERROR_KEYS.passwordSpecial,
    resetMessage: RESET_PASSWORD_MESSAGES.special,
  },
];

/** The rules a password breaks, in rule order; empty when it is acceptable. */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.pattern.test(password));
}

export function isAcceptablePassword(password: string): boolean {
  return failedPasswordRules(password).length === 0;
}

type MessageStyle = 'key' | 'reset';

// Each rule is its own check, so a form can show every broken rule and the server reports the same ones.
function passwordSchemaWith(style: MessageStyle) {
  return PASSWORD_RULES.reduce(
    (schema, rule) =>
      schema.regex(rule.pattern, { error: style === 'key' ? rule.messageKey : rule.resetMessage }),
    z.string(),
  );
}

/** A new password on the register form: each broken rule gives its message key. */
export const registerPasswordSchema = passwordSchemaWith('key');

/** A new password on the reset page: each broken rule gives its literal message. */
export const resetPasswordSchema = passwordSchemaWith('reset');

export const emailSchema = z.email({ error: FORM_ERROR_KEYS.invalidEmail });

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatchOnConfirmField = { error: LITERAL_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] };

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: FORM_ERROR_KEYS.passwordRequired }),
});

export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: registerPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatchOnConfirmField);

export const forgotPasswordFormSchema = z.object({ email: emailSchema });

/** The reset page's fields; the token comes from the URL and travels beside them in the request. */
export const resetPasswordFormSchema = z
  .object({
    password: resetPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatchOnConfirmField);

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
export type AdminPasswordForm = z.infer<typeof adminPasswordFormSchema>;
