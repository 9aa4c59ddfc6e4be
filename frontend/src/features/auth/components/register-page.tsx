import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { registerFormSchema } from '@wayfarer/shared/domain/password-rules';
import { PAGES } from '@wayfarer/shared/api/pages';
import { ApiError } from '../../../lib/api-client';
import { register, requestVerificationMail } from '../api';
import { useAuthForm, useShowMessage } from '../hooks/use-auth-form';
import { sessionStore } from '../session-store';
import { AuthField, AuthSubmit } from './auth-field';
import { AuthPageFrame } from './auth-page-frame';
import './auth-form.css';

function RegisterForm() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const location = useLocation();
  const form = useAuthForm(registerFormSchema, { email: '', password: '', confirmPassword: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        // The page's guard (SignedOutOnly) takes the traveller on, where they came from.
        sessionStore.signIn(await register(values));
        // The address is verified by the link this mails (docs/SPEC.md §4 Auth); nothing waits for it.
        requestVerificationMail({ email: values.email }).catch(() => undefined);
        toast.success(t('register_verification_sent'));
      } catch (error) {
        toast.error(
          showMessage(error instanceof ApiError ? error.message : ACCOUNT_ERROR_KEYS.registrationFailed),
        );
      }
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <AuthField
        {...form.field('email')}
        label={t('auth_email_label')}
        testId="register-email"
        autoComplete="email"
      />
      <AuthField
        {...form.field('password')}
        type="password"
        label={t('auth_password_label')}
        testId="register-password"
        autoComplete="new-password"
      />
      <AuthField
        {...form.field('confirmPassword')}
        type="password"
        label={t('auth_confirm_password_label')}
        testId="register-confirm"
        autoComplete="new-password"
      />
      <AuthSubmit testId="register-submit" busy={form.busy} label={t('register_submit')} />
      <div className="auth-links">
        <Link to={PAGES.login} state={location.state}>
          {t('register_login_link')}
        </Link>
      </div>
    </form>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthPageFrame title={t('register_page_title')}>
      <p>{t('register_page_description')}</p>
      <RegisterForm />
    </AuthPageFrame>
  );
}
