/**
 * A latency model of the real providers for the local fakes and servers, switched on with
 * `PROVIDER_LATENCY=realistic` (off by default, so tests run on instant fakes). Figures and their sources:
 * bench/README.md. `npm run bench voice-loop` runs on it.
 */
export const PROVIDER_LATENCY_VARIABLE = 'PROVIDER_LATENCY';

export type ProviderLatency = 'instant' | 'realistic';

export const REALISTIC_LATENCY = {
  /** Speech-to-text: the endpointing silence the app asks for (docs/SPEC.md: endpointing 300 ms) is the engine's own; on top of it, Deepgram's delay from the end of that silence to the final on the socket. */
  sttFinalDelayMs: 150,
  /** Chat completions: request to first streamed token. */
  firstTokenMs: 350,
  /** Chat completions: between streamed tokens. */
  interTokenMs: 30,
  /** Text-to-speech: request to first audio byte; after it, audio arrives in real time. */
  speechFirstByteMs: 300,
} as const;

/** What `PROVIDER_LATENCY` asks for; anything but `realistic` is instant. */
export function providerLatency(env: Record<string, string | undefined>): ProviderLatency {
  return env[PROVIDER_LATENCY_VARIABLE] === 'realistic' ? 'realistic' : 'instant';
}
