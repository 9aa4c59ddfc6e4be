import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PAGES } from '@wayfarer/shared/api/pages';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import {
  changePasswordFormSchema,
  passwordConfirmationFormSchema,
} from '@wayfarer/shared/domain/password-rules';
import { ApiError } from '../../../lib/api-client';
import { downloadFile, fileStamp } from '../../../lib/download-file';
import { ModalDialog } from '../../../lib/modal-dialog';
import { useSession } from '../../../lib/session-context';
import { changePassword, deleteAccount, exportAccount, signOutEverywhere } from '../api';
import { useAuthForm, useShowMessage } from '../hooks/use-auth-form';
import { sessionStore } from '../session-store';
import { AuthField, AuthSubmit } from './auth-field';
import { AuthPageSection } from './auth-page-frame';
import './auth-form.css';
import './account-page.css';

/** The message a refused account call shows (docs/SPEC.md §8): the server's key, else the page's own. */
const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? error.message : ACCOUNT_ERROR_KEYS.accountActionFailed;

function ChangePasswordForm() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const form = useAuthForm(changePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        sessionStore.signIn(await changePassword(values));
        for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const)
          form.change(field, '');
        toast.success(t('account_password_changed'));
      } catch (error) {
        toast.error(showMessage(failureMessage(error)));
      }
    });
  };

  return (
    <section className="account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('account_change_password_title')}</h2>
      <p>{t('account_change_password_description')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="account-change-password">
        <AuthField
          {...form.field('currentPassword')}
          type="password"
          label={t('account_current_password_label')}
          testId="account-current-password"
          autoComplete="current-password"
        />
        <AuthField
          {...form.field('newPassword')}
          type="password"
          label={t('auth_new_password_label')}
          testId="account-new-password"
          autoComplete="new-password"
        />
        <AuthField
          {...form.field('confirmPassword')}
          type="password"
          label={t('auth_confirm_password_label')}
          testId="account-confirm-password"
          autoComplete="new-password"
        />
        <AuthSubmit
          testId="account-change-password-submit"
          busy={form.busy}
          label={t('account_change_password_submit')}
        />
      </form>
    </section>
  );
}

function SignOutEverywhereForm() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const form = useAuthForm(passwordConfirmationFormSchema, { password: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        sessionStore.signIn(await signOutEverywhere(values));
        form.change('password', '');
        toast.success(t('account_signed_out_everywhere'));
      } catch (error) {
        toast.error(showMessage(failureMessage(error)));
      }
    });
  };

  return (
    <section className="account-section" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">{t('account_sign_out_everywhere_title')}</h2>
      <p>{t('account_sign_out_everywhere_description')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate data-testid="account-sign-out-everywhere">
        <AuthField
          {...form.field('password')}
          type="password"
          label={t('auth_password_label')}
          testId="account-sign-out-password"
          autoComplete="current-password"
        />
        <AuthSubmit
          testId="account-sign-out-everywhere-submit"
          busy={form.busy}
          label={t('account_sign_out_everywhere_submit')}
        />
      </form>
    </section>
  );
}

function ExportSection() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const data = await exportAccount();
      downloadFile(
        `wayfarer-account-${fileStamp(Date.parse(data.exportedAt))}.json`,
        JSON.stringify(data, null, 2),
        'application/json;charset=utf-8',
      );
    } catch (error) {
      toast.error(showMessage(failureMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-section" aria-labelledby="account-export-title">
      <h2 id="account-export-title">{t('account_export_title')}</h2>
      <p>{t('account_export_description')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          data-testid="account-export"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void download()}
        >
          {t('account_export_button')}
        </button>
      </div>
    </section>
  );
}

/**
 * Signs out, as Logout does (docs/SPEC.md §4), once the page has gone: signed out while it is still shown (the next
 * screen loads lazily), its guard would send the traveller to /login instead of /.
 */
function useSignOutOnceGone(): () => void {
  const { t } = useTranslation();
  const session = useSession();
  const pending = useRef(false);
  const latest = useRef({ logout: session.logout, t });
  useEffect(() => {
    latest.current = { logout: session.logout, t };
  });
  useEffect(
    () => () => {
      if (!pending.current) return;
      latest.current.logout();
      toast.success(latest.current.t('account_deleted'));
    },
    [],
  );
  return () => {
    pending.current = true;
  };
}

function DeleteConfirmation({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const navigate = useNavigate();
  const form = useAuthForm(passwordConfirmationFormSchema, { password: '' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      try {
        await deleteAccount(values);
        onDeleted();
        await navigate(PAGES.home, { replace: true });
      } catch (error) {
        toast.error(showMessage(failureMessage(error)));
      }
    });
  };

  return (
    <ModalDialog
      testId="account-delete-dialog"
      title={t('account_delete_confirm_title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" data-testid="account-delete-cancel" onClick={onClose}>
            {t('account_delete_cancel')}
          </button>
          <button
            type="submit"
            form="account-delete-form"
            className="button button-danger"
            data-testid="account-delete-confirm"
            disabled={form.busy}
          >
            {t('account_delete_confirm_button')}
          </button>
        </>
      }
    >
      <p>{t('account_delete_confirm_description')}</p>
      <form id="account-delete-form" className="auth-form account-dialog-form" onSubmit={onSubmit} noValidate>
        <AuthField
          {...form.field('password')}
          type="password"
          label={t('auth_password_label')}
          testId="account-delete-password"
          autoComplete="current-password"
        />
      </form>
    </ModalDialog>
  );
}

function DeleteSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="account-section" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('account_delete_title')}</h2>
      <p>{t('account_delete_description')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-danger"
          data-testid="account-delete"
          onClick={() => setConfirming(true)}
        >
          {t('account_delete_button')}
        </button>
      </div>
      {confirming && <DeleteConfirmation onClose={() => setConfirming(false)} onDeleted={onDeleted} />}
    </section>
  );
}

/** /account (docs/SPEC.md §2, §4): the traveller's own account; signed-in only (the router's guard). */
export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const signOutOnceGone = useSignOutOnceGone();
  return (
    <AuthPageSection title={t('account_page_title')}>
      <div className="account-page" data-testid="account-page">
        <p className="account-email" data-testid="account-email">
          {t('menu_signed_in_as', { email: session.user?.email ?? '' })}
        </p>
        <ChangePasswordForm />
        <SignOutEverywhereForm />
        <ExportSection />
        <DeleteSection onDeleted={signOutOnceGone} />
      </div>
    </AuthPageSection>
  );
}
