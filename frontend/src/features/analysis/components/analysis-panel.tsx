import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { currencyForLanguage } from '@wayfarer/shared/domain/languages';
import {
  hasEmergency,
  hasNoResults,
  hasWholeFailure,
  isLimited,
  isRunning,
  type AnalysisState,
  type Outcome,
} from '../analysis-model';
import { useAnalysis } from '../hooks/use-analysis';
import { AnalysisProgress } from './analysis-progress';
import { EmergencyCard } from './emergency-card';
import { LocationCard } from './location-card';
import { PriceCard } from './price-card';
import './analysis-panel.css';

// docs/SPEC.md §2: a card is hidden when its analysis found nothing (its failure and its skeleton still show).
function isShown(outcome: Outcome<readonly unknown[]>): boolean {
  return (
    outcome.kind === 'pending' ||
    outcome.kind === 'failed' ||
    (outcome.kind === 'done' && outcome.value.length > 0)
  );
}

export interface AnalysisPanelProps {
  /** The transcript to analyse; each new non-empty one is analysed afresh. */
  readonly transcript: string;
  /** The translation's target language, whose currency prices are converted into by default. */
  readonly targetLanguage?: string;
  /** An analysis of this transcript kept earlier (the on-device history): shown without asking again. */
  readonly kept?: AnalysisState;
  /** Called once each run has settled, with what it found, so the app can keep it on the device. */
  readonly onSettled?: (analysis: AnalysisState) => void;
}

/**
 * The AI travel assistant panel (docs/SPEC.md §2), shown in the voice screen's analysis slot: progress, the emergency
 * card, then the places and the prices found.
 */
export function AnalysisPanel({ transcript, targetLanguage, kept, onSettled }: AnalysisPanelProps) {
  const { t, i18n } = useTranslation();
  const section = useRef<HTMLElement>(null);
  // docs/SPEC.md §3: an unknown language falls back to USD; without a target language the interface's counts.
  const defaultCurrency = currencyForLanguage(targetLanguage ?? i18n.resolvedLanguage ?? i18n.language);
  const { state, changeCurrency } = useAnalysis(transcript, defaultCurrency, kept);
  const reportedRun = useRef(kept?.run ?? 0);
  const settledRef = useRef(onSettled);

  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    if (state.run === 0 || state.run === reportedRun.current || isRunning(state)) return;
    reportedRun.current = state.run;
    settledRef.current?.(state);
  }, [state]);

  useEffect(() => {
    // docs/SPEC.md §2: it scrolls smoothly into view when opened.
    section.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);

  const started = state.prices.kind !== 'idle';
  const wholeFailure = hasWholeFailure(state);
  const showEmergency =
    state.emergency.kind === 'pending' || state.emergency.kind === 'failed' || hasEmergency(state.emergency);

  return (
    <section
      ref={section}
      className="analysis-panel"
      data-testid="analysis-panel"
      aria-labelledby="analysis-panel-title"
    >
      <h2 id="analysis-panel-title" className="analysis-panel-title">
        {t('voice_analysis_panel_title')}
      </h2>
      {started && <AnalysisProgress value={state.progress} />}
      {isLimited(state) && (
        <p className="analysis-card analysis-limit" role="status" data-testid="analysis-limit">
          {t(DAILY_LIMIT_KEYS.analysis)}
        </p>
      )}
      {wholeFailure ? (
        <p className="analysis-card analysis-failure" role="alert" data-testid="analysis-error">
          {t('analysis_failed')}
        </p>
      ) : (
        <div className="analysis-cards">
          {showEmergency && <EmergencyCard outcome={state.emergency} />}
          {isShown(state.locations) && <LocationCard outcome={state.locations} />}
          {isShown(state.prices) && (
            <PriceCard
              outcome={state.prices}
              currency={state.currency}
              reconverting={state.reconverting}
              conversionFailed={state.conversionFailed}
              rates={state.rates}
              onCurrencyChange={changeCurrency}
            />
          )}
          {hasNoResults(state) && (
            <p className="analysis-card analysis-no-results" data-testid="analysis-no-results" role="status">
              {t('analysis_complete_no_results')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
