import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminPasswordFormSchema,
  failedPasswordRules,
  forgotPasswordFormSchema,
  isAcceptablePassword,
  loginFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from './password-rules';

const good = 'Travel1!x';
const email = 'ada@example.com';

function messages(schema: z.ZodType, value: unknown, field?: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => field === undefined || issue.path[0] === field)
    .map((i) => i.message);
}

describe('password rules', () => {
  it('accepts a password that keeps every rule', () => {
    expect(isAcceptablePassword(good)).toBe(true);
    expect(failedPasswordRules(good)).toEqual([]);
  });

  it('needs at least 8 characters', () => {
    expect(failedPasswordRules('Tr1!abc').map((rule) => rule.id)).toEqual(['minLength']);
    expect(isAcceptablePassword('Tr1!abcd')).toBe(true);
  });

  it('needs a lowercase letter', () => {
    expect(failedPasswordRules('TRAVEL1!X').map((rule) => rule.id)).toEqual(['lowercase']);
  });

  it('needs an uppercase letter', () => {
    expect(failedPasswordRules('travel1!x').map((rule) => rule.id)).toEqual(['uppercase']);
  });

  it('needs a digit', () => {
    expect(failedPasswordRules('Travelx!x').map((rule) => rule.id)).toEqual(['number']);
  });

  it('needs one of the special characters @$!%*?&', () => {
    expect(failedPasswordRules('Travel1xx').map((rule) => rule.id)).toEqual(['special']);
    expect(failedPasswordRules('Travel1#x').map((rule) => rule.id)).toEqual(['special']);
    for (const special of '@$!%*?&') expect(isAcceptablePassword(`Travel1${special}`)).toBe(true);
  });

  it('allows characters beyond the required ones', () => {
    expect(isAcceptablePassword('Travel1! with spaces # and ü')).toBe(true);
  });
});

describe('loginFormSchema', () => {
  it('accepts a valid email and any non-empty password', () => {
    expect(loginFormSchema.safeParse({ email, password: 'x' }).success).toBe(true);
  });

  it('rejects an invalid email with form_error_invalid_email', () => {
    expect(messages(loginFormSchema, { email: 'not-an-email', password: 'x' }, 'email')).toEqual([
      'form_error_invalid_email',
    ]);
  });

  it('rejects an empty password with form_error_password_required', () => {
    expect(messages(loginFormSchema, { email, password: '' }, 'password')).toEqual([
      'form_error_password_required',
    ]);
  });
});

describe('registerFormSchema', () => {
  it('accepts a valid registration', () => {
    expect(registerFormSchema.safeParse({ email, password: good, confirmPassword: good }).success).toBe(true);
  });

  it('gives each broken rule its own message key, in rule order', () => {
    expect(
      messages(registerFormSchema, { email, password: 'abc', confirmPassword: 'abc' }, 'password'),
    ).toEqual([
      'form_error_password_min_length',
      'form_error_password_uppercase',
      'form_error_password_number',
      'form_error_password_special',
    ]);
    expect(
      messages(registerFormSchema, { email, password: 'ABC', confirmPassword: 'ABC' }, 'password'),
    ).toContain('form_error_password_lowercase');
  });

  it('puts form_error_passwords_do_not_match on the confirm field', () => {
    expect(messages(registerFormSchema, { email, password: good, confirmPassword: `${good}?` })).toEqual([
      'form_error_passwords_do_not_match',
    ]);
    expect(
      messages(registerFormSchema, { email, password: good, confirmPassword: 'x' }, 'confirmPassword'),
    ).toEqual(['form_error_passwords_do_not_match']);
  });

  it('rejects an invalid email with form_error_invalid_email', () => {
    expect(messages(registerFormSchema, { email: 'x@', password: good, confirmPassword: good })).toEqual([
      'form_error_invalid_email',
    ]);
  });
});

describe('forgotPasswordFormSchema', () => {
  it('needs a valid email', () => {
    expect(forgotPasswordFormSchema.safeParse({ email }).success).toBe(true);
    expect(messages(forgotPasswordFormSchema, { email: '' })).toEqual(['form_error_invalid_email']);
  });
});

describe('resetPasswordFormSchema', () => {
  it('accepts a valid new password and its confirmation', () => {
    expect(resetPasswordFormSchema.safeParse({ password: good, confirmPassword: good }).success).toBe(true);
  });

  it('states each broken rule with the same message keys as the register form (docs/SPEC.md §5)', () => {
    expect(messages(resetPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })).toEqual([
      'form_error_password_min_length',
      'form_error_password_uppercase',
      'form_error_password_number',
      'form_error_password_special',
    ]);
    expect(
      messages(resetPasswordFormSchema, { password: 'ABCDEFG1!', confirmPassword: 'ABCDEFG1!' }),
    ).toEqual(['form_error_password_lowercase']);
  });

  it('puts form_error_passwords_do_not_match on the confirm field', () => {
    const result = resetPasswordFormSchema.safeParse({ password: good, confirmPassword: 'other' });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmPassword'], 'form_error_passwords_do_not_match'],
    ]);
  });
});

describe('adminPasswordFormSchema', () => {
  it('rejects a blank admin password', () => {
    expect(messages(adminPasswordFormSchema, { password: '   ' })).toEqual([
      'form_error_admin_password_required',
    ]);
    expect(adminPasswordFormSchema.safeParse({ password: 'secret' }).success).toBe(true);
  });
});
