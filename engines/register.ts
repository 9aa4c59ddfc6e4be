import type { Capability } from '@wayfarer/lambdas/config';
import type { EmbeddedEngines } from '@wayfarer/lambdas/providers';
import { analysisEngine } from './analysis/engine';
import { billingEngine } from './billing/engine';
import type { Engine, LocalRoute, LocalSocket } from './engine';
import { speechEngine } from './speech/engine';
import { ttsEngine } from './tts/engine';
import { visionEngine } from './vision/engine';

/**
 * The one list of embedded engines the local cloud starts (docs/ENGINES.md, "Adding an engine"). They live
 * in engines/, outside lambdas/, so no Lambda bundle can ever carry them (onnx, wasm, OCR, gazetteers).
 */
export const engines: readonly Engine[] = [speechEngine, ttsEngine, analysisEngine, visionEngine, billingEngine];

/** What lambdas' providers build for each capability's `embedded` choice. */
export function embeddedProviders(list: readonly Engine[] = engines): EmbeddedEngines {
  return Object.fromEntries(
    list.flatMap((engine) => (engine.provider === undefined ? [] : [[engine.capability, engine.provider]])),
  ) as EmbeddedEngines;
}

export const engineRoutes = (list: readonly Engine[] = engines): LocalRoute[] =>
  list.flatMap((engine) => engine.routes ?? []);

export const engineSockets = (list: readonly Engine[] = engines): (() => LocalSocket)[] =>
  list.flatMap((engine) => engine.sockets ?? []);

/** Starts, in the background, the slow part of each engine its capability has chosen. */
export function warmEngines(
  states: Readonly<Partial<Record<Capability, string>>>,
  list: readonly Engine[] = engines,
): void {
  for (const engine of list)
    if (states[engine.capability] === 'embedded') void engine.warm?.().catch(() => undefined);
}

/** Releases the engines' worker threads; each `warm` or first request starts them again. */
export async function closeEngines(list: readonly Engine[] = engines): Promise<void> {
  await Promise.all(list.map((engine) => engine.close?.()));
}
