import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { forgotPasswordFormSchema } from '@wayfarer/shared/domain/password-rules';
import { PAGES } from '@wayfarer/shared/api/pages';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api';
import { useAuthForm, useShowMessage } from '../hooks/use-auth-form';
import { AuthField, AuthSubmit } from './auth-field';
import { AuthPageFrame } from './auth-page-frame';
import './auth-form.css';

function ForgotPasswordForm() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const [sent, setSent] = useState(false);
  const form = useAuthForm(forgotPasswordFormSchema, { email: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        await requestPasswordReset(values);
        setSent(true);
        toast.success(t('forgot_password_sent'));
      } catch (error) {
        toast.error(
          showMessage(
            error instanceof ApiError ? error.message : ACCOUNT_ERROR_KEYS.passwordResetRequestFailed,
          ),
        );
      }
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <AuthField
        {...form.field('email')}
        label={t('auth_email_label')}
        testId="forgot-email"
        autoComplete="email"
      />
      {sent && (
        <p className="auth-notice" role="status" data-testid="forgot-sent">
          {t('forgot_password_sent')}
        </p>
      )}
      <AuthSubmit testId="forgot-submit" busy={form.busy} label={t('forgot_submit')} />
      <div className="auth-links">
        <Link to={PAGES.login}>{t('forgot_back_to_login')}</Link>
      </div>
    </form>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthPageFrame title={t('forgot_password_page_title')}>
      <p>{t('forgot_password_page_description')}</p>
      <ForgotPasswordForm />
    </AuthPageFrame>
  );
}
