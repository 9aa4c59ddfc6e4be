import type { EmergencyResult, Location, Price, RatesInfo } from '@wayfarer/shared/api/analysis';
import { PROGRESS_COMPLETE } from '../../lib/ui-constants';
import { filterLocations, filterPrices } from '@wayfarer/shared/domain/filters';
import { nextAnalysisProgress } from '@wayfarer/shared/domain/progress';

/**
 * The analysis state of docs/SPEC.md §3-§4 as a pure reducer: three analyses run in parallel and settle
 * independently (a failure leaves the others standing), progress ticks until all three have settled, and a
 * currency change reconverts the prices found.
 */

export type Outcome<T> =
  | { readonly kind: 'idle' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'failed' }
  /** Refused by the caller's daily analysis ceiling (docs/SPEC.md §8): the panel says so once, no card shows it. */
  | { readonly kind: 'limited' };

/** What an analysis call answers when the caller's daily analysis ceiling refused it. */
export const LIMITED = 'limited';
export type Limited = typeof LIMITED;

export type AnalysisKind = 'prices' | 'locations' | 'emergency';

export interface AnalysisState {
  /** Which run the answers belong to: an answer from an older run is dropped. */
  readonly run: number;
  readonly text: string;
  readonly progress: number;
  readonly prices: Outcome<readonly Price[]>;
  readonly locations: Outcome<readonly Location[]>;
  readonly emergency: Outcome<EmergencyResult>;
  readonly currency: string;
  readonly reconverting: boolean;
  readonly conversionFailed: boolean;
  /** A currency change's prices call was refused by the daily analysis ceiling: the prices shown stay. */
  readonly reconversionLimited: boolean;
  /** The day and source of the rates the shown prices were converted with (docs/SPEC.md §2). */
  readonly rates?: RatesInfo;
}

export type AnalysisAction =
  | { readonly type: 'started'; readonly run: number; readonly text: string }
  | { readonly type: 'ticked' }
  | {
      readonly type: 'prices_settled';
      readonly run: number;
      readonly prices: readonly Price[] | null | Limited;
      readonly rates?: RatesInfo;
    }
  | {
      readonly type: 'locations_settled';
      readonly run: number;
      readonly locations: readonly Location[] | null | Limited;
    }
  | {
      readonly type: 'emergency_settled';
      readonly run: number;
      readonly emergency: EmergencyResult | null | Limited;
    }
  | { readonly type: 'currency_changed'; readonly currency: string }
  | {
      readonly type: 'reconverted';
      readonly run: number;
      readonly prices: readonly Price[] | null | Limited;
      readonly rates?: RatesInfo;
    }
  | { readonly type: 'reset' };

const idle = { kind: 'idle' } as const;
const pending = { kind: 'pending' } as const;
const failed = { kind: 'failed' } as const;
const limited = { kind: 'limited' } as const;

export function initialAnalysisState(currency: string): AnalysisState {
  return {
    run: 0,
    text: '',
    progress: 0,
    prices: idle,
    locations: idle,
    emergency: idle,
    currency,
    reconverting: false,
    conversionFailed: false,
    reconversionLimited: false,
  };
}

function settle<T>(value: T | null | Limited, keep: (value: T) => T = (same) => same): Outcome<T> {
  if (value === LIMITED) return limited;
  return value === null ? failed : { kind: 'done', value: keep(value) };
}

function isSettled(outcome: Outcome<unknown>): boolean {
  return outcome.kind === 'done' || outcome.kind === 'failed' || outcome.kind === 'limited';
}

export function isRunning(state: AnalysisState): boolean {
  return (
    state.prices.kind === 'pending' ||
    state.locations.kind === 'pending' ||
    state.emergency.kind === 'pending'
  );
}

// docs/SPEC.md §4: the bar jumps to 100 once every analysis has answered, whatever they answered.
function withProgress(state: AnalysisState): AnalysisState {
  const complete = isSettled(state.prices) && isSettled(state.locations) && isSettled(state.emergency);
  return complete ? { ...state, progress: PROGRESS_COMPLETE } : state;
}

export function analysisReducer(state: AnalysisState, action: AnalysisAction): AnalysisState {
  switch (action.type) {
    case 'started':
      return {
        ...state,
        run: action.run,
        text: action.text,
        progress: 0,
        prices: pending,
        locations: pending,
        emergency: pending,
        reconverting: false,
        conversionFailed: false,
        reconversionLimited: false,
        rates: undefined,
      };
    case 'ticked':
      return isRunning(state) ? { ...state, progress: nextAnalysisProgress(state.progress) } : state;
    case 'prices_settled':
      if (action.run !== state.run) return state;
      return withProgress({
        ...state,
        prices: settle(action.prices, filterPrices),
        ...(action.rates ? { rates: action.rates } : {}),
      });
    case 'locations_settled':
      if (action.run !== state.run) return state;
      return withProgress({
        ...state,
        locations: settle(action.locations, filterLocations),
      });
    case 'emergency_settled':
      if (action.run !== state.run) return state;
      return withProgress({ ...state, emergency: settle(action.emergency) });
    case 'currency_changed': {
      // docs/SPEC.md §4: the selector is disabled while prices already found are reconverted.
      const hasPrices = state.prices.kind === 'done' && state.prices.value.length > 0;
      return {
        ...state,
        currency: action.currency,
        reconverting: hasPrices,
        conversionFailed: false,
        reconversionLimited: false,
      };
    }
    case 'reconverted':
      if (action.run !== state.run || !state.reconverting) return state;
      if (action.prices === LIMITED) return { ...state, reconverting: false, reconversionLimited: true };
      return action.prices === null
        ? { ...state, reconverting: false, conversionFailed: true }
        : {
            ...state,
            reconverting: false,
            prices: { kind: 'done', value: filterPrices(action.prices) },
            ...(action.rates ? { rates: action.rates } : {}),
          };
    case 'reset':
      return { ...initialAnalysisState(state.currency), run: state.run };
  }
}

/** Whether an emergency result has anything to show: the card is hidden otherwise (docs/SPEC.md §2). */
export function hasEmergency(outcome: Outcome<EmergencyResult>): boolean {
  return outcome.kind === 'done' && outcome.value.isEmergency;
}

function foundNothing(outcome: Outcome<readonly unknown[]>): boolean {
  return outcome.kind === 'done' && outcome.value.length === 0;
}

/** docs/SPEC.md §2: every analysis answered and none found anything. */
export function hasNoResults(state: AnalysisState): boolean {
  return (
    foundNothing(state.prices) &&
    foundNothing(state.locations) &&
    state.emergency.kind === 'done' &&
    !state.emergency.value.isEmergency
  );
}

/** docs/SPEC.md §8: a call of this run (or its currency change) was refused by the daily analysis ceiling. */
export function isLimited(state: AnalysisState): boolean {
  return (
    state.reconversionLimited ||
    state.prices.kind === 'limited' ||
    state.locations.kind === 'limited' ||
    state.emergency.kind === 'limited'
  );
}

/** docs/SPEC.md §8: all three calls failed, the "whole failure". */
export function hasWholeFailure(state: AnalysisState): boolean {
  return (
    state.prices.kind === 'failed' && state.locations.kind === 'failed' && state.emergency.kind === 'failed'
  );
}
