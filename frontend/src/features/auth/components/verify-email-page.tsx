import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { verifyEmailRequestSchema } from '@wayfarer/shared/api/auth';
import { PAGE_QUERY } from '@wayfarer/shared/api/pages';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { ApiError } from '../../../lib/api-client';
import { verifyEmail } from '../api';
import { useShowMessage } from '../hooks/use-auth-form';
import { AuthPageSection } from './auth-page-frame';
import './auth-form.css';

type Outcome =
  | { readonly state: 'checking' }
  | { readonly state: 'done' }
  | { readonly state: 'failed'; readonly message: string };

/**
 * docs/SPEC.md §2 /verify-email: the mailed link's page. The token is sent once, as the page opens. Signed in or
 * not: registering signs the traveller in, and the link is most often opened in that same browser.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const [searchParams] = useSearchParams();
  // A link cut short or mistyped is the same invalid link to the traveller: checked with the route's own schema,
  // it is never sent (the server would refuse it as malformed input, not as a link).
  const given = searchParams.get(PAGE_QUERY.verifyToken)?.trim() ?? '';
  const token = verifyEmailRequestSchema.safeParse({ token: given }).success ? given : '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'checking' } : { state: 'failed', message: ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken },
  );

  // One request per token even when an effect runs twice (React's strict mode): the token works only once.
  const sent = useRef<{ token: string; answer: Promise<unknown> } | undefined>(undefined);

  useEffect(() => {
    if (!token) return;
    if (sent.current?.token !== token) sent.current = { token, answer: verifyEmail({ token }) };
    let current = true;
    sent.current.answer.then(
      () => current && setOutcome({ state: 'done' }),
      (error: unknown) =>
        current &&
        setOutcome({
          state: 'failed',
          message: error instanceof ApiError ? error.message : ACCOUNT_ERROR_KEYS.verifyEmailInvalidToken,
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <AuthPageSection title={t('verify_email_page_title')}>
      <div className="auth-form">
        {outcome.state === 'checking' && (
          <p className="auth-notice" role="status" data-testid="verify-email-checking">
            {t('verify_email_checking')}
          </p>
        )}
        {outcome.state === 'done' && (
          <p className="auth-notice" role="status" data-testid="verify-email-done">
            {t('verify_email_done')}
          </p>
        )}
        {outcome.state === 'failed' && (
          <p className="auth-notice" role="alert" data-testid="verify-email-failed">
            {showMessage(outcome.message)}
          </p>
        )}
      </div>
    </AuthPageSection>
  );
}
