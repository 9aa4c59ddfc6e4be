import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { PasswordConfirmationRequest } from '@wayfarer/shared/api/auth';
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

/**
 * A confirmation that asks for the password again (docs/DESIGN.md §9: a stolen access token alone is not enough),
 * as a dialog: `account-<name>-dialog`, `-password`, `-confirm` and `-cancel` (docs/TESTIDS.md).
 */
function PasswordDialog({
  name,
  title,
  description,
  confirmLabel,
  cancelLabel,
  danger = false,
  onClose,
  onConfirm,
}: {
  name: 'export' | 'delete';
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onClose: () => void;
  onConfirm: (values: PasswordConfirmationRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const form = useAuthForm(passwordConfirmationFormSchema, { password: '' });
  const formId = `account-${name}-form`;
  // Said inside the dialog: a toast would be drawn under its backdrop, and the dialog keeps the focus.
  const [failure, setFailure] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async (values) => {
      setFailure(undefined);
      try {
        await onConfirm(values);
      } catch (error) {
        setFailure(showMessage(failureMessage(error)));
      }
    });
  };

  return (
    <ModalDialog
      testId={`account-${name}-dialog`}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" data-testid={`account-${name}-cancel`} onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            form={formId}
            className={danger ? 'button button-danger' : 'button button-primary'}
            data-testid={`account-${name}-confirm`}
            disabled={form.busy}
            aria-busy={form.busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{description}</p>
      <form id={formId} className="auth-form account-dialog-form" onSubmit={onSubmit} noValidate>
        <AuthField
          {...form.field('password')}
          type="password"
          label={t('auth_password_label')}
          testId={`account-${name}-password`}
          autoComplete="current-password"
        />
        {failure && (
          <p className="auth-notice" role="alert" data-testid={`account-${name}-error`}>
            {failure}
          </p>
        )}
      </form>
    </ModalDialog>
  );
}

interface DialogText {
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
}

/** A section whose one button opens a PasswordDialog; the dialog closes once its call has succeeded. */
function PasswordConfirmedSection({
  name,
  heading,
  text,
  buttonLabel,
  dialog,
  danger = false,
  onConfirm,
}: {
  name: 'export' | 'delete';
  heading: string;
  text: string;
  buttonLabel: string;
  dialog: DialogText;
  danger?: boolean;
  onConfirm: (values: PasswordConfirmationRequest) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const confirm = async (values: PasswordConfirmationRequest) => {
    await onConfirm(values);
    setConfirming(false);
  };
  return (
    <section className="account-section" aria-labelledby={`account-${name}-title`}>
      <h2 id={`account-${name}-title`}>{heading}</h2>
      <p>{text}</p>
      <div className="button-row">
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button'}
          data-testid={`account-${name}`}
          onClick={() => setConfirming(true)}
        >
          {buttonLabel}
        </button>
      </div>
      {confirming && (
        <PasswordDialog
          name={name}
          {...dialog}
          danger={danger}
          onClose={() => setConfirming(false)}
          onConfirm={confirm}
        />
      )}
    </section>
  );
}

function ExportSection() {
  const { t } = useTranslation();
  const download = async (values: PasswordConfirmationRequest) => {
    const data = await exportAccount(values);
    downloadFile(
      `wayfarer-account-${fileStamp(Date.parse(data.exportedAt))}.json`,
      JSON.stringify(data, null, 2),
      'application/json;charset=utf-8',
    );
  };
  return (
    <PasswordConfirmedSection
      name="export"
      heading={t('account_export_title')}
      text={t('account_export_description')}
      buttonLabel={t('account_export_button')}
      dialog={{
        title: t('account_export_title'),
        description: t('account_export_confirm_description'),
        confirmLabel: t('account_export_confirm_button'),
        cancelLabel: t('account_export_cancel'),
      }}
      onConfirm={download}
    />
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

function DeleteSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const erase = async (values: PasswordConfirmationRequest) => {
    await deleteAccount(values);
    onDeleted();
    await navigate(PAGES.home, { replace: true });
  };
  return (
    <PasswordConfirmedSection
      name="delete"
      heading={t('account_delete_title')}
      text={t('account_delete_description')}
      buttonLabel={t('account_delete_button')}
      dialog={{
        title: t('account_delete_confirm_title'),
        description: t('account_delete_confirm_description'),
        confirmLabel: t('account_delete_confirm_button'),
        cancelLabel: t('account_delete_cancel'),
      }}
      danger
      onConfirm={erase}
    />
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
