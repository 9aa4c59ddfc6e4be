import type { EngineState } from '@wayfarer/shared/api/capabilities';
import { callRoute } from './api-client';

const ENGINE_STATES: readonly string[] = ['cloud', 'embedded', 'unavailable'];

// The bundle for `/` carries no zod schemas (docs/DESIGN.md §8), so the answer's shape is checked by hand.
export function isEngineState(value: unknown): value is EngineState {
  return typeof value === 'string' && ENGINE_STATES.includes(value);
}

/**
 * GET /api/capabilities as field -> raw value. A failed call says nothing either way, so it resolves undefined and
 * each screen keeps its controls usable: a call that then fails says so itself.
 */
export async function fetchCapabilities(): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await callRoute('capabilities.list');
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
