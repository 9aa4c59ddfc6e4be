import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { loginFormSchema } from '@wayfarer/shared/domain/password-rules';
import { PAGES } from '@wayfarer/shared/api/pages';
import { ApiError } from '../../../lib/api-client';
import { login } from '../api';
import { useAuthForm, useShowMessage } from '../hooks/use-auth-form';
import { sessionStore } from '../session-store';
import { AuthField, AuthSubmit } from './auth-field';
import { AuthPageFrame } from './auth-page-frame';
import './auth-form.css';

function LoginForm() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const location = useLocation();
  const form = useAuthForm(loginFormSchema, { email: '', password: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        // The page's guard (SignedOutOnly) takes the traveller on, where they came from.
        sessionStore.signIn(await login(values));
      } catch (error) {
        toast.error(showMessage(error instanceof ApiError ? error.message : ACCOUNT_ERROR_KEYS.loginFailed));
      }
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <AuthField
        {...form.field('email')}
        label={t('auth_email_label')}
        testId="login-email"
        autoComplete="email"
      />
      <AuthField
        {...form.field('password')}
        type="password"
        label={t('auth_password_label')}
        testId="login-password"
        autoComplete="current-password"
      />
      <AuthSubmit testId="login-submit" busy={form.busy} label={t('login_submit')} />
      <div className="auth-links">
        <Link to={PAGES.forgotPassword} data-testid="login-forgot-link">
          {t('login_forgot_link')}
        </Link>
        <Link to={PAGES.register} state={location.state}>
          {t('login_register_link')}
        </Link>
      </div>
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthPageFrame title={t('login_page_title')}>
      <p>{t('login_page_description')}</p>
      <LoginForm />
    </AuthPageFrame>
  );
}
