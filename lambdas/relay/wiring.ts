import { randomUUID } from 'node:crypto';
import { SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import { getConfig } from '../config';
import { logger } from '../logger';
import {
  getEvents,
  getLeases,
  getSpeechRecognizer,
  getSpeechSockets,
  getSpeechTickets,
  systemClock,
} from '../providers';
import { silentRelayMetrics, type RelayMetrics } from './metrics';
import { createSpeechRelay, type SpeechRelay } from './relay';
import type { RelayLimits } from './session';

/**
 * Sessions one relay serves at once with the embedded engine, which decodes on the relay's own 2 cores: the most
 * at which `npm run bench speech-capacity` finds end of speech -> final where one speaker has it (p95 about 380 ms)
 * in every run. More still keep p95 under 1 s but have begun to slow, and a laptop that serves
 * the relay also runs the traveller's browser.
 */
export const RELAY_MAX_SESSIONS_EMBEDDED = 32;
/**
 * With a provider the relay only forwards (32 KB/s in, a little JSON out, per speaker): sized for the 0.5 vCPU
 * task of docs/OPERATIONS.md, which scales out on connections well before this.
 */
export const RELAY_MAX_SESSIONS_CLOUD = 500;

/** The relay as the configuration asks for it, over the composition root's adapters: main.ts and the local cloud. */
export async function relayFromConfig(
  options: { readonly metrics?: RelayMetrics; readonly limits?: Partial<RelayLimits> } = {},
): Promise<SpeechRelay> {
  const [config, tickets, sockets, leases, events, recognizer] = await Promise.all([
    getConfig(),
    getSpeechTickets(),
    getSpeechSockets(),
    getLeases(),
    getEvents(),
    getSpeechRecognizer(),
  ]);
  const metrics = options.metrics ?? silentRelayMetrics;
  return createSpeechRelay({
    ports: {
      tickets,
      sockets,
      leases,
      events,
      recognizer,
      clock: systemClock,
      newId: randomUUID,
      logger,
      metrics,
    },
    policy: {
      allowances: { anonymousSeconds: config.ANON_DAILY_SECONDS, userSeconds: config.USER_DAILY_SECONDS },
      ipHashSecret: config.IP_HASH_SECRET,
      limits: { ...SPEECH_RELAY_LIMITS, ...options.limits },
    },
    maxSessions:
      config.RELAY_MAX_SESSIONS ??
      (config.engines.stt === 'embedded' ? RELAY_MAX_SESSIONS_EMBEDDED : RELAY_MAX_SESSIONS_CLOUD),
  });
}
