import type { EngineState } from '@wayfarer/shared/api/capabilities';
import { LOCAL_STORAGE_KEYS } from './ui-constants';

/** What the browser's Translator API says of a language pair (its availability() states). */
export type DeviceAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

/** The traveller's choice in the translation settings: the server's engine, or "on this device". */
export type EnginePreference = 'server' | 'device';

export interface EngineInputs {
  /** GET /api/capabilities' translate state; undefined when it has not answered (then the server is tried). */
  readonly server: EngineState | undefined;
  /** Whether this browser has the on-device Translator API at all. */
  readonly deviceApi: boolean;
  /** The device's availability for the pair (two-way: both directions, availabilityOfPairs); undefined while asked. */
  readonly pair: DeviceAvailability | undefined;
  readonly preference: EnginePreference;
}

/**
 * Who translates each final phrase: the server, the browser's on-device model, or nobody, and then why: no
 * engine anywhere ('unavailable') or only this pair missing on the device ('pair_unsupported', where the screen
 * names the languages that do work). 'checking' while the device is asked about the pair.
 */
export type EngineDecision = 'server' | 'device' | 'checking' | 'pair_unsupported' | 'unavailable';

/**
 * The device's answer for every direction a conversation needs (one-way: one; two-way: both, docs/SPEC.md §2):
 * unavailable when any direction is, unknown while any is still being asked, else the least ready of them.
 */
export function availabilityOfPairs(
  states: readonly (DeviceAvailability | undefined)[],
): DeviceAvailability | undefined {
  if (states.includes('unavailable')) return 'unavailable';
  if (states.length === 0 || states.includes(undefined)) return undefined;
  for (const state of ['downloadable', 'downloading'] as const) if (states.includes(state)) return state;
  return 'available';
}

/** The engine rules, docs/SPEC.md §2 "Translation engine". */
export function chooseTranslationEngine({
  server,
  deviceApi,
  pair,
  preference,
}: EngineInputs): EngineDecision {
  const serverServes = server !== 'unavailable';
  if (!deviceApi) return serverServes ? 'server' : 'unavailable';
  if (serverServes && preference === 'server') return 'server';
  if (pair === undefined) return 'checking';
  if (pair !== 'unavailable') return 'device';
  return serverServes ? 'server' : 'pair_unsupported';
}

/**
 * Whether the screen offers the choice between the server's engine and this device's: when the server translates
 * (or the traveller chose the device), unless this pair cannot be translated on the device at all.
 */
export function offersEngineChoice(decision: EngineDecision, preference: EnginePreference): boolean {
  return (decision === 'server' || preference === 'device') && decision !== 'pair_unsupported';
}

export function parseEnginePreference(stored: string | null): EnginePreference {
  return stored === 'device' ? 'device' : 'server';
}

/** The traveller's stored choice; blocked storage reads as the server. */
export function loadEnginePreference(): EnginePreference {
  try {
    return parseEnginePreference(localStorage.getItem(LOCAL_STORAGE_KEYS.translationEngine));
  } catch {
    return 'server';
  }
}

export function saveEnginePreference(preference: EnginePreference): void {
  try {
    localStorage.setItem(LOCAL_STORAGE_KEYS.translationEngine, preference);
  } catch {
    // Blocked storage: the choice lasts as long as the page.
  }
}

/** Whether this browser has the on-device Translator API (Chrome 138+, Edge 148+ on desktop). */
export function hasTranslatorApi(): boolean {
  return typeof globalThis === 'object' && 'Translator' in globalThis;
}
