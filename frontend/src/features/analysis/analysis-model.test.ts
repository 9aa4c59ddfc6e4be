import { describe, expect, it } from 'vitest';
import type { EmergencyResult, Location, Price } from '@wayfarer/shared/api/analysis';
import {
  analysisReducer,
  hasEmergency,
  hasNoResults,
  hasWholeFailure,
  initialAnalysisState,
  isRunning,
  type AnalysisAction,
  type AnalysisState,
} from './analysis-model';

const price: Price = {
  originalText: '25 euros',
  amount: 25,
  currency: 'EUR',
  context: 'taxi',
  convertedAmount: 21.5,
  targetCurrency: 'GBP',
};
const place: Location = {
  originalText: 'Eiffel Tower',
  name: 'Eiffel Tower',
  address: '',
  type: 'landmark',
  latitude: '48.8584',
  longitude: '2.2945',
};
const calm: EmergencyResult = {
  isEmergency: false,
  severity: 'low',
  detectedIssues: [],
  countryDetected: '',
  emergencyContacts: [],
  nearbyMedicalFacilities: [],
};

function apply(state: AnalysisState, ...actions: AnalysisAction[]): AnalysisState {
  return actions.reduce(analysisReducer, state);
}

function started(): AnalysisState {
  return apply(initialAnalysisState('GBP'), { type: 'started', run: 1, text: 'hello' });
}

function ticks(state: AnalysisState, count: number): AnalysisState {
  return apply(state, ...Array.from({ length: count }, () => ({ type: 'ticked' }) as const));
}

describe('analysis progress (docs/SPEC.md §4)', () => {
  it('starts at 0 with the three analyses pending', () => {
    const state = started();
    expect(state.progress).toBe(0);
    expect(isRunning(state)).toBe(true);
    expect([state.prices.kind, state.locations.kind, state.emergency.kind]).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('ticks +5 below 60, +2 below 85, +1 above, capped at 95', () => {
    expect(ticks(started(), 1).progress).toBe(5);
    expect(ticks(started(), 12).progress).toBe(60);
    expect(ticks(started(), 13).progress).toBe(62);
    expect(ticks(started(), 25).progress).toBe(86);
    expect(ticks(started(), 200).progress).toBe(95);
  });

  it('jumps to 100 when all three have answered, failures included', () => {
    const run = started().run;
    const state = apply(
      ticks(started(), 3),
      { type: 'prices_settled', run, prices: null },
      { type: 'locations_settled', run, locations: [place] },
    );
    expect(state.progress).toBe(15);
    const done = apply(state, { type: 'emergency_settled', run, emergency: calm });
    expect(done.progress).toBe(100);
    expect(isRunning(done)).toBe(false);
    expect(ticks(done, 1).progress).toBe(100);
  });
});

describe('three analyses fail independently (docs/SPEC.md §8)', () => {
  it('keeps the places when prices and emergency fail', () => {
    const run = started().run;
    const state = apply(
      started(),
      { type: 'prices_settled', run, prices: null },
      { type: 'emergency_settled', run, emergency: null },
      { type: 'locations_settled', run, locations: [place] },
    );
    expect(state.prices.kind).toBe('failed');
    expect(state.emergency.kind).toBe('failed');
    expect(state.locations).toEqual({ kind: 'done', value: [place] });
    expect(hasWholeFailure(state)).toBe(false);
  });

  it('is a whole failure only when all three fail', () => {
    const run = started().run;
    const state = apply(
      started(),
      { type: 'prices_settled', run, prices: null },
      { type: 'emergency_settled', run, emergency: null },
      { type: 'locations_settled', run, locations: null },
    );
    expect(hasWholeFailure(state)).toBe(true);
  });

  it('drops answers from an earlier run', () => {
    const first = started();
    const second = apply(first, { type: 'started', run: 2, text: 'again' });
    const state = apply(second, { type: 'prices_settled', run: first.run, prices: [price] });
    expect(state.prices.kind).toBe('pending');
  });
});

describe('filters in the browser (docs/SPEC.md §5)', () => {
  it('keeps only usable prices and places', () => {
    const run = started().run;
    const state = apply(
      started(),
      {
        type: 'prices_settled',
        run,
        prices: [price, { ...price, amount: 0 }, { ...price, originalText: 'N/A' }],
      },
      {
        type: 'locations_settled',
        run,
        locations: [place, { ...place, name: 'n/a' }, { ...place, originalText: ' ' }],
      },
    );
    expect(state.prices).toEqual({ kind: 'done', value: [price] });
    expect(state.locations).toEqual({ kind: 'done', value: [place] });
  });
});

describe('no results (docs/SPEC.md §2)', () => {
  it('holds when every analysis answered with nothing', () => {
    const run = started().run;
    const state = apply(
      started(),
      { type: 'prices_settled', run, prices: [] },
      { type: 'locations_settled', run, locations: [{ ...place, name: 'n/a' }] },
      { type: 'emergency_settled', run, emergency: calm },
    );
    expect(hasNoResults(state)).toBe(true);
    expect(hasEmergency(state.emergency)).toBe(false);
  });

  it('does not hold when an emergency was found', () => {
    const run = started().run;
    const state = apply(
      started(),
      { type: 'prices_settled', run, prices: [] },
      { type: 'locations_settled', run, locations: [] },
      { type: 'emergency_settled', run, emergency: { ...calm, isEmergency: true, severity: 'high' } },
    );
    expect(hasNoResults(state)).toBe(false);
    expect(hasEmergency(state.emergency)).toBe(true);
  });
});

describe('currency change (docs/SPEC.md §4)', () => {
  function withPrices(prices: Price[]): AnalysisState {
    const run = started().run;
    return apply(started(), { type: 'prices_settled', run, prices });
  }

  it('sets the currency and reconverts when prices exist', () => {
    const state = apply(withPrices([price]), { type: 'currency_changed', currency: 'JPY' });
    expect(state.currency).toBe('JPY');
    expect(state.reconverting).toBe(true);
    const converted = { ...price, targetCurrency: 'JPY', convertedAmount: 4100 };
    const done = apply(state, { type: 'reconverted', run: state.run, prices: [converted] });
    expect(done.reconverting).toBe(false);
    expect(done.prices).toEqual({ kind: 'done', value: [converted] });
  });

  it('only sets the currency when there are no prices', () => {
    const state = apply(withPrices([]), { type: 'currency_changed', currency: 'JPY' });
    expect(state.currency).toBe('JPY');
    expect(state.reconverting).toBe(false);
  });

  it('keeps the old prices and says so when reconversion fails', () => {
    const state = apply(withPrices([price]), { type: 'currency_changed', currency: 'JPY' });
    const done = apply(state, { type: 'reconverted', run: state.run, prices: null });
    expect(done.conversionFailed).toBe(true);
    expect(done.reconverting).toBe(false);
    expect(done.prices).toEqual({ kind: 'done', value: [price] });
  });
});

describe('reset (docs/SPEC.md §4)', () => {
  it('forgets the results and keeps the currency', () => {
    const run = started().run;
    const state = apply(
      started(),
      { type: 'prices_settled', run, prices: [price] },
      { type: 'currency_changed', currency: 'JPY' },
      { type: 'reset' },
    );
    expect(state.prices.kind).toBe('idle');
    expect(state.text).toBe('');
    expect(state.currency).toBe('JPY');
    expect(state.reconverting).toBe(false);
  });
});
