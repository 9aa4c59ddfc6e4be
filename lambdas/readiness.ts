import type { CapabilitiesResponse, EngineState } from '@wayfarer/shared/api/capabilities';
import type { OpenAiCapability, OpenAiSettings } from './adapters/cloud/openai-client';

/*
 * The readiness table: the one place that says whether a capability can serve under a configuration. Each
 * capability has one row: which settings choose its cloud engine when `<CAPABILITY>_ENGINE` is unset, and
 * whether the chosen engine is ready, degraded (serves, but not everything) or unavailable (and why). The
 * configuration (engine choice), the composition root (what to build), GET /api/capabilities and the local
 * cloud's start-up banner all read it; nothing else decides (docs/DESIGN.md §6).
 */

export type Readiness = 'ready' | 'degraded' | 'unavailable';

/** A rule's answer: ready, or degraded or unavailable with the reason, which names what to set. */
export type Verdict =
  | { readonly readiness: 'ready' }
  | { readonly readiness: 'degraded' | 'unavailable'; readonly reason: string };

/** One capability's readiness under a configuration: the engine chosen and its verdict. */
export type CapabilityReadiness = Verdict & { readonly engine: Engine };

export type Engine = 'cloud' | 'embedded';
export type Capability = 'stt' | 'translate' | 'tts' | 'analysis' | 'vision' | 'billing';

/** The settings the table reads, as config.ts parses them (a `Config` is one); unset is undefined. */
export interface ReadinessSettings {
  readonly DEEPGRAM_API_KEY?: string | undefined;
  readonly OPENAI_API_KEY?: string | undefined;
  readonly OPENAI_BASE_URL?: string | undefined;
  readonly OPENAI_MODEL_TRANSLATE?: string | undefined;
  readonly OPENAI_MODEL_ANALYSIS?: string | undefined;
  readonly OPENAI_MODEL_VISION?: string | undefined;
  readonly OPENAI_MODEL_TTS?: string | undefined;
  readonly STRIPE_SECRET_KEY?: string | undefined;
  readonly STRIPE_WEBHOOK_SECRET?: string | undefined;
  readonly STRIPE_PRICE_ID?: string | undefined;
  readonly APP_URL?: string | undefined;
  readonly IP_HASH_SECRET?: string | undefined;
}

const OPENAI_MODEL_SETTING = {
  translate: 'OPENAI_MODEL_TRANSLATE',
  tts: 'OPENAI_MODEL_TTS',
  analysis: 'OPENAI_MODEL_ANALYSIS',
  vision: 'OPENAI_MODEL_VISION',
} as const satisfies Record<OpenAiCapability, keyof ReadinessSettings>;

/**
 * An OpenAI(-compatible) capability is configured with a key or a base URL, and its model named too (models come
 * from configuration, docs/DESIGN.md §6): a local translation server alone takes no other capability.
 */
export function openAiSettings(
  settings: ReadinessSettings,
  capability: OpenAiCapability,
): OpenAiSettings | undefined {
  const model = settings[OPENAI_MODEL_SETTING[capability]];
  if (model === undefined) return undefined;
  if (settings.OPENAI_API_KEY === undefined && settings.OPENAI_BASE_URL === undefined) return undefined;
  return { apiKey: settings.OPENAI_API_KEY, baseURL: settings.OPENAI_BASE_URL, model };
}

/** How a capability's embedded engine is had: registered by the local cloud, or none. */
export type EmbeddedKind = 'registered' | 'none';

interface ReadinessRow {
  /** The settings whose presence chooses the cloud engine when `<CAPABILITY>_ENGINE` is unset. */
  readonly cloudChosen: (settings: ReadinessSettings) => boolean;
  /** Whether the cloud engine can serve, once chosen (by the settings, or pinned). */
  readonly cloud: (settings: ReadinessSettings) => Verdict;
  readonly embedded: EmbeddedKind;
  /** Why the embedded engine is unavailable, when it is. */
  readonly embeddedMissing: string;
}

const ready: Verdict = { readiness: 'ready' };
const unavailable = (reason: string): Verdict => ({ readiness: 'unavailable', reason });
const readyWhen = (condition: boolean, reason: string): Verdict => (condition ? ready : unavailable(reason));

/** The embedded engine a Lambda does not have: the message says what to set instead. */
export const onlyInLocalCloud = (capability: Capability): string =>
  `${capability.toUpperCase()}_ENGINE=embedded: that engine runs only in the local cloud (npm start); ` +
  `configure the cloud provider here, or set ${capability.toUpperCase()}_ENGINE=cloud`;

const openAiReady = (capability: OpenAiCapability) => (settings: ReadinessSettings) =>
  readyWhen(
    openAiSettings(settings, capability) !== undefined,
    `${capability.toUpperCase()}_ENGINE=cloud needs ${OPENAI_MODEL_SETTING[capability]} and OPENAI_API_KEY or OPENAI_BASE_URL`,
  );

/** The table: one row per capability. */
export const READINESS_RULES: Readonly<Record<Capability, ReadinessRow>> = {
  stt: {
    cloudChosen: (settings) => settings.DEEPGRAM_API_KEY !== undefined,
    cloud: (settings) =>
      readyWhen(settings.DEEPGRAM_API_KEY !== undefined, 'STT_ENGINE=cloud needs DEEPGRAM_API_KEY'),
    // Moonshine behind the relay, which only the local cloud runs with an embedded engine (engines/speech/).
    embedded: 'registered',
    embeddedMissing: onlyInLocalCloud('stt'),
  },
  translate: {
    cloudChosen: (settings) => openAiSettings(settings, 'translate') !== undefined,
    cloud: openAiReady('translate'),
    // No embedded translator exists (docs/ENGINES.md): the UI explains how to enable translation.
    embedded: 'none',
    embeddedMissing:
      'No translation engine: set OPENAI_API_KEY, or OPENAI_BASE_URL of an OpenAI-compatible server',
  },
  tts: {
    // Aura speaks only some languages and OpenAI the rest: either makes cloud speech worth choosing. A base URL
    // alone does not: local OpenAI-compatible servers rarely speak (TTS_ENGINE=cloud pins one that does).
    cloudChosen: (settings) =>
      settings.DEEPGRAM_API_KEY !== undefined ||
      (settings.OPENAI_API_KEY !== undefined && settings.OPENAI_MODEL_TTS !== undefined),
    cloud: (settings) => {
      const openai = openAiSettings(settings, 'tts') !== undefined;
      // OpenAI speaks every language (and stands in for Aura's); Aura alone speaks only English and Spanish.
      if (openai) return ready;
      if (settings.DEEPGRAM_API_KEY !== undefined) {
        return {
          readiness: 'degraded',
          reason:
            'Cloud speech for languages other than English and Spanish needs OPENAI_API_KEY with OPENAI_MODEL_TTS',
        };
      }
      return unavailable('Cloud speech needs DEEPGRAM_API_KEY, or OPENAI_API_KEY with OPENAI_MODEL_TTS');
    },
    embedded: 'registered',
    embeddedMissing: onlyInLocalCloud('tts'),
  },
  analysis: {
    cloudChosen: (settings) => openAiSettings(settings, 'analysis') !== undefined,
    cloud: openAiReady('analysis'),
    embedded: 'registered',
    embeddedMissing: onlyInLocalCloud('analysis'),
  },
  vision: {
    cloudChosen: (settings) => openAiSettings(settings, 'vision') !== undefined,
    cloud: openAiReady('vision'),
    embedded: 'registered',
    embeddedMissing: onlyInLocalCloud('vision'),
  },
  billing: {
    cloudChosen: (settings) => settings.STRIPE_SECRET_KEY !== undefined,
    cloud: (settings) =>
      readyWhen(
        settings.STRIPE_SECRET_KEY !== undefined &&
          settings.STRIPE_WEBHOOK_SECRET !== undefined &&
          settings.STRIPE_PRICE_ID !== undefined &&
          settings.APP_URL !== undefined,
        'BILLING_ENGINE=cloud needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and APP_URL',
      ),
    embedded: 'registered',
    embeddedMissing: onlyInLocalCloud('billing'),
  },
};

export const CAPABILITIES = Object.keys(READINESS_RULES) as readonly Capability[];

/** The engine a capability runs on: pinned by `<CAPABILITY>_ENGINE`, else cloud when its row's settings are set. */
export function chooseEngine(
  settings: ReadinessSettings,
  capability: Capability,
  pinned: Engine | undefined,
): Engine {
  return pinned ?? (READINESS_RULES[capability].cloudChosen(settings) ? 'cloud' : 'embedded');
}

/** What this process has: which embedded engines the local cloud registered (a Lambda has none). */
export type Registered = (capability: Capability) => boolean;

/** One capability's readiness on the engine the configuration chose. */
export function readinessOf(
  config: ReadinessSettings & { readonly engines: Readonly<Record<Capability, Engine>> },
  capability: Capability,
  registered: Registered,
): CapabilityReadiness {
  const row = READINESS_RULES[capability];
  const engine = config.engines[capability];
  if (engine === 'cloud') return { engine, ...row.cloud(config) };
  const has = row.embedded === 'registered' && registered(capability);
  return { engine, ...(has ? ready : unavailable(row.embeddedMissing)) };
}

export type ReadinessTable = Readonly<Record<Capability, CapabilityReadiness>>;

/** Every capability's readiness: the start-up banner prints it. */
export function readinessTable(
  config: ReadinessSettings & { readonly engines: Readonly<Record<Capability, Engine>> },
  registered: Registered,
): ReadinessTable {
  return Object.fromEntries(
    CAPABILITIES.map((capability) => [capability, readinessOf(config, capability, registered)]),
  ) as Record<Capability, CapabilityReadiness>;
}

/** What the API says of a capability: the engine that serves it (degraded still serves), or `unavailable`. */
export function engineState(readiness: CapabilityReadiness): EngineState {
  return readiness.readiness === 'unavailable' ? 'unavailable' : readiness.engine;
}

/** GET /api/capabilities: what the UI can offer (billing is not in it: the plans page always shows). */
export function capabilityStatesOf(table: ReadinessTable): CapabilitiesResponse {
  return {
    stt: engineState(table.stt),
    translate: engineState(table.translate),
    tts: engineState(table.tts),
    analysis: engineState(table.analysis),
    vision: engineState(table.vision),
  };
}
