import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../analysis-model';

export type CardState = 'loading' | 'error' | 'empty' | 'ready';

/** Which of docs/SPEC.md §2's card states an outcome shows; `isEmpty` says what "nothing found" means for it. */
export function cardStateOf<T>(outcome: Outcome<T>, isEmpty: (value: T) => boolean): CardState {
  if (outcome.kind === 'failed') return 'error';
  if (outcome.kind === 'done') return isEmpty(outcome.value) ? 'empty' : 'ready';
  return 'loading';
}

/**
 * The frame every analysis card shares: a title, then a loading skeleton, the error text, the empty text or the
 * results. `data-state` tells tests and styles which.
 */
export function AnalysisCard({
  testId,
  title,
  state,
  errorText,
  emptyText,
  tone,
  headerExtra,
  children,
}: {
  testId: string;
  title: string;
  state: CardState;
  errorText: string;
  emptyText: string;
  tone?: 'alert';
  headerExtra?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="analysis-card"
      data-testid={testId}
      data-state={state}
      data-tone={tone}
      aria-busy={state === 'loading'}
    >
      <div className="analysis-card-header">
        <h3 className="analysis-card-title">{title}</h3>
        {headerExtra}
      </div>
      {state === 'loading' && (
        <div className="analysis-skeleton">
          <span className="visually-hidden">{t('analysis_loading')}</span>
          <span className="analysis-skeleton-line" aria-hidden="true" />
          <span className="analysis-skeleton-line" aria-hidden="true" />
          <span className="analysis-skeleton-line analysis-skeleton-short" aria-hidden="true" />
        </div>
      )}
      {state === 'error' && (
        <p className="analysis-card-error" role="alert">
          {errorText}
        </p>
      )}
      {state === 'empty' && <p className="analysis-card-empty">{emptyText}</p>}
      {state === 'ready' && children}
    </section>
  );
}
