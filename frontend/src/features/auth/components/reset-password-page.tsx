import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { resetPasswordFormSchema } from '@wayfarer/shared/domain/password-rules';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api';
import { useAuthForm, useShowMessage } from '../hooks/use-auth-form';
import { AuthField, AuthSubmit } from './auth-field';
import { AuthPageFrame } from './auth-page-frame';
import './auth-form.css';

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const navigate = useNavigate();
  const form = useAuthForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        await resetPassword({ token, password: values.password });
        toast.success(t('reset_password_success'));
        navigate(PAGES.login, { replace: true });
      } catch (error) {
        // A call that never got an answer is "unexpected"; a refusal shows the server's reason when it gave one.
        const message =
          error instanceof ApiError && error.status !== 0
            ? error.message
            : ACCOUNT_ERROR_KEYS.resetPasswordUnexpected;
        toast.error(showMessage(message));
      }
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <AuthField
        {...form.field('password')}
        type="password"
        label={t('auth_new_password_label')}
        testId="reset-password"
        autoComplete="new-password"
      />
      <AuthField
        {...form.field('confirmPassword')}
        type="password"
        label={t('auth_confirm_password_label')}
        testId="reset-confirm"
        autoComplete="new-password"
      />
      <AuthSubmit testId="reset-submit" busy={form.busy} label={t('reset_submit')} />
    </form>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get(PAGE_QUERY.resetToken)?.trim() ?? '';
  return (
    <AuthPageFrame title={t('reset_password_page_title')}>
      {token ? (
        <>
          <p>{t('reset_password_page_description')}</p>
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <div className="auth-form">
          <p className="auth-notice" role="alert" data-testid="reset-invalid-token">
            {t('invalid_token_message')}
          </p>
          <div className="auth-links">
            <Link to={PAGES.forgotPassword}>{t('reset_request_new_link')}</Link>
          </div>
        </div>
      )}
    </AuthPageFrame>
  );
}
