import { describe, expect, it } from 'vitest';
import {
  availabilityOfPairs,
  chooseTranslationEngine,
  parseEnginePreference,
  type EngineInputs,
} from './translation-engine';

const inputs = (overrides: Partial<EngineInputs>): EngineInputs => ({
  server: 'cloud',
  deviceApi: true,
  pair: 'available',
  preference: 'server',
  ...overrides,
});

describe('translation engine selection (docs/SPEC.md §2)', () => {
  it('the server translates when it has an engine and the traveller did not choose the device', () => {
    expect(chooseTranslationEngine(inputs({ server: 'cloud' }))).toBe('server');
    expect(chooseTranslationEngine(inputs({ server: 'embedded', pair: 'downloadable' }))).toBe('server');
  });

  it('the device translates when the server has no engine and the pair is supported', () => {
    for (const pair of ['available', 'downloadable', 'downloading'] as const)
      expect(chooseTranslationEngine(inputs({ server: 'unavailable', pair }))).toBe('device');
  });

  it('the device translates when the traveller chose it and the pair is supported, whatever the server has', () => {
    expect(chooseTranslationEngine(inputs({ server: 'cloud', preference: 'device' }))).toBe('device');
    expect(
      chooseTranslationEngine(inputs({ server: 'cloud', preference: 'device', pair: 'downloadable' })),
    ).toBe('device');
  });

  it('a pair the device cannot translate falls back to the server when there is one', () => {
    expect(chooseTranslationEngine(inputs({ preference: 'device', pair: 'unavailable' }))).toBe('server');
  });

  it('a pair the device cannot translate, with no server engine, says which languages work on the device', () => {
    expect(chooseTranslationEngine(inputs({ server: 'unavailable', pair: 'unavailable' }))).toBe(
      'pair_unsupported',
    );
    expect(
      chooseTranslationEngine(inputs({ server: 'unavailable', pair: 'unavailable', preference: 'device' })),
    ).toBe('pair_unsupported');
  });

  it('without the browser API and without a server engine, translation is unavailable', () => {
    expect(chooseTranslationEngine(inputs({ server: 'unavailable', deviceApi: false }))).toBe('unavailable');
    expect(
      chooseTranslationEngine(inputs({ server: 'unavailable', deviceApi: false, preference: 'device' })),
    ).toBe('unavailable');
  });

  it('a choice of the device in a browser without the API is the server', () => {
    expect(chooseTranslationEngine(inputs({ deviceApi: false, preference: 'device' }))).toBe('server');
  });

  it('while the pair is still being asked about, the device path is checking, not refused', () => {
    expect(chooseTranslationEngine(inputs({ server: 'unavailable', pair: undefined }))).toBe('checking');
    expect(chooseTranslationEngine(inputs({ preference: 'device', pair: undefined }))).toBe('checking');
  });

  it('an unknown server state (capabilities did not answer) is tried, as before', () => {
    expect(chooseTranslationEngine(inputs({ server: undefined, deviceApi: false }))).toBe('server');
  });
});

describe('the stored engine preference', () => {
  it('is the server unless the device was chosen', () => {
    expect(parseEnginePreference('device')).toBe('device');
    expect(parseEnginePreference('server')).toBe('server');
    expect(parseEnginePreference(null)).toBe('server');
    expect(parseEnginePreference('gpu')).toBe('server');
  });
});

describe('both directions of a two-way conversation (docs/SPEC.md §2)', () => {
  it('the pairs are unavailable when either direction is, whatever the other says', () => {
    expect(availabilityOfPairs(['available', 'unavailable'])).toBe('unavailable');
    expect(availabilityOfPairs(['unavailable', 'downloadable'])).toBe('unavailable');
    expect(availabilityOfPairs([undefined, 'unavailable'])).toBe('unavailable');
  });

  it('while a direction is still being asked about, the pairs are not known yet', () => {
    expect(availabilityOfPairs(['available', undefined])).toBeUndefined();
    expect(availabilityOfPairs([])).toBeUndefined();
  });

  it('a direction still to download makes the pairs downloadable; installed both ways, available', () => {
    expect(availabilityOfPairs(['available', 'downloadable'])).toBe('downloadable');
    expect(availabilityOfPairs(['downloading', 'available'])).toBe('downloading');
    expect(availabilityOfPairs(['available', 'available'])).toBe('available');
  });

  it('an unsupported reverse direction falls back to the server, else says the pair does not work here', () => {
    const pair = availabilityOfPairs(['available', 'unavailable']);
    expect(chooseTranslationEngine(inputs({ server: 'cloud', preference: 'device', pair }))).toBe('server');
    expect(chooseTranslationEngine(inputs({ server: 'unavailable', pair }))).toBe('pair_unsupported');
  });
});
