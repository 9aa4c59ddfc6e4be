import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../hooks/use-auth-form';
import { useShowMessage } from '../hooks/use-auth-form';

interface AuthFieldProps {
  /** The form field's name: also `data-field` on its errors (docs/TESTIDS.md). */
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly errors: FieldErrors;
  readonly testId: string;
  readonly onValueChange: (value: string) => void;
  readonly type?: 'email' | 'password';
  readonly autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
}

/** A labelled input with its errors under it; a password field gets a show/hide toggle. */
export function AuthField({
  name,
  label,
  value,
  errors,
  testId,
  onValueChange,
  type = 'email',
  autoComplete,
}: AuthFieldProps) {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const messages = errors[name] ?? [];
  const errorId = `${id}-errors`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-input-row">
        <input
          id={id}
          name={name}
          type={type === 'password' && !visible ? 'password' : type === 'password' ? 'text' : 'email'}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={messages.length > 0}
          aria-describedby={messages.length > 0 ? errorId : undefined}
          data-testid={testId}
          spellCheck={false}
          autoCapitalize="none"
        />
        {type === 'password' && (
          <button
            type="button"
            className="button auth-visibility"
            data-testid="password-visibility"
            aria-pressed={visible}
            aria-label={visible ? t('auth_hide_password') : t('auth_show_password')}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? t('auth_hide') : t('auth_show')}
          </button>
        )}
      </div>
      <div id={errorId} aria-live="polite">
        {messages.map((message) => (
          <p key={message} className="field-error" data-testid="field-error" data-field={name}>
            {showMessage(message)}
          </p>
        ))}
      </div>
    </div>
  );
}

/** The form's one submit button, held while the call is in flight. */
export function AuthSubmit({ testId, busy, label }: { testId: string; busy: boolean; label: string }) {
  return (
    <div className="button-row">
      <button type="submit" className="button button-primary" data-testid={testId} disabled={busy}>
        {label}
      </button>
    </div>
  );
}
