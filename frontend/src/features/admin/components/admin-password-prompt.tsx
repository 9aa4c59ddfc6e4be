import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { adminPasswordFormSchema } from '@wayfarer/shared/domain/password-rules';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/translate-message';
import { verifyAdminPassword } from '../api';

/** What the prompt says for a failed check (docs/SPEC.md §8 admin). */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return ADMIN_ERROR_KEYS.verifyFailed;
  }
  if (error.status === 401) return ADMIN_ERROR_KEYS.invalidPassword;
  return error.message;
}

export function AdminPasswordPrompt({ onUnlocked }: { readonly onUnlocked: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminPasswordFormSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_ERROR_KEYS.invalidPassword);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyAdminPassword(password);
      onUnlocked();
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form className="admin-prompt" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label htmlFor={id}>{t('admin_password_label')}</label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        data-testid="admin-password"
      />
      {error !== null && (
        <p id={`${id}-error`} className="admin-error" role="alert" data-testid="admin-error">
          {translateMessage(t, error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy} data-testid="admin-submit">
        {t('admin_password_submit')}
      </button>
    </form>
  );
}
