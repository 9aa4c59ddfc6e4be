import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ANALYSIS_PROGRESS_TICK_MS } from '../../../lib/ui-constants';
import { analyzeEmergency, analyzeLocations, analyzePrices, type ConvertedPrices } from '../api';
import {
  analysisReducer,
  initialAnalysisState,
  isRunning,
  LIMITED,
  type AnalysisState,
  type Limited,
} from '../analysis-model';

const ignoreAbort = () => undefined;

/** A prices answer as the reducer takes it: the prices and their rates, null (failed) or LIMITED. */
const pricesOf = (answer: ConvertedPrices | null | Limited) =>
  answer === null || answer === LIMITED ? { prices: answer } : answer;

/**
 * Runs the analysis of docs/SPEC.md §4 for the panel: each new non-empty transcript sends the three calls in
 * parallel; blank text resets. The panel unmounts when hidden, which aborts what is in flight, so the next
 * opening starts afresh. Given a `kept` analysis of the same text (the on-device history), it shows that instead
 * of asking again.
 */
export function useAnalysis(transcript: string, defaultCurrency: string, kept?: AnalysisState) {
  const [state, dispatch] = useReducer(analysisReducer, defaultCurrency, (currency) =>
    kept && !isRunning(kept) ? kept : initialAnalysisState(currency),
  );
  const keptText = useRef(kept && !isRunning(kept) ? kept.text : undefined);
  const runs = useRef(kept?.run ?? 0);
  const reconversion = useRef<AbortController | null>(null);
  const text = transcript.trim();
  const running = isRunning(state);
  // Read when a run starts, so a currency chosen before the answer is what the prices are converted into.
  const currency = useRef(state.currency);
  useEffect(() => {
    currency.current = state.currency;
  }, [state.currency]);

  useEffect(() => {
    if (text === '') {
      dispatch({ type: 'reset' });
      return;
    }
    if (text === keptText.current) return;
    const controller = new AbortController();
    const { signal } = controller;
    const run = ++runs.current;
    dispatch({ type: 'started', run, text });
    analyzePrices(text, currency.current, signal)
      .then((answer) => dispatch({ type: 'prices_settled', run, ...pricesOf(answer) }))
      .catch(ignoreAbort);
    analyzeLocations(text, signal)
      .then((locations) => dispatch({ type: 'locations_settled', run, locations }))
      .catch(ignoreAbort);
    analyzeEmergency(text, signal)
      .then((emergency) => dispatch({ type: 'emergency_settled', run, emergency }))
      .catch(ignoreAbort);
    return () => controller.abort();
  }, [text]);

  useEffect(() => () => reconversion.current?.abort(), []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => dispatch({ type: 'ticked' }), ANALYSIS_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const { prices, run, text: analysedText } = state;
  const changeCurrency = useCallback(
    (next: string) => {
      dispatch({ type: 'currency_changed', currency: next });
      if (prices.kind !== 'done' || prices.value.length === 0) return;
      reconversion.current?.abort();
      const controller = new AbortController();
      reconversion.current = controller;
      analyzePrices(analysedText, next, controller.signal)
        .then((answer) => dispatch({ type: 'reconverted', run, ...pricesOf(answer) }))
        .catch(ignoreAbort);
    },
    [prices, run, analysedText],
  );

  return { state, changeCurrency };
}
