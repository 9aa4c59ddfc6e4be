import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { registerFormSchema } from '@wayfarer/shared/domain/password-rules';
import { ApiError } from '../../../lib/api-client';
import { register } from '../api';
import { useAuthForm, useShowMessage } from '../hooks/use-auth-form';
import { destinationAfterSignIn } from '../redirect';
import { sessionStore } from '../session-store';
import { AuthField } from './auth-field';
import { AuthPageFrame } from './auth-page-frame';
import './auth-form.css';

function RegisterForm() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useAuthForm(registerFormSchema, { email: '', password: '', confirmPassword: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        sessionStore.signIn(await register(values));
        navigate(destinationAfterSignIn(location), { replace: true });
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
        name="email"
        label={t('auth_email_label')}
        value={form.values.email}
        errors={form.errors}
        testId="register-email"
        autoComplete="email"
        onValueChange={(value) => form.change('email', value)}
      />
      <AuthField
        name="password"
        type="password"
        label={t('auth_password_label')}
        value={form.values.password}
        errors={form.errors}
        testId="register-password"
        autoComplete="new-password"
        onValueChange={(value) => form.change('password', value)}
      />
      <AuthField
        name="confirmPassword"
        type="password"
        label={t('auth_confirm_password_label')}
        value={form.values.confirmPassword}
        errors={form.errors}
        testId="register-confirm"
        autoComplete="new-password"
        onValueChange={(value) => form.change('confirmPassword', value)}
      />
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          data-testid="register-submit"
          disabled={form.busy}
        >
          {t('register_submit')}
        </button>
      </div>
      <div className="auth-links">
        <Link to="/login" state={location.state}>
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
