import {
  createLocalSpeechKeyReader,
  localSpeechKeySecret,
  type KeyClaims,
} from '@wayfarer/lambdas/adapters/local/speech-keys';
import { getConfig } from '@wayfarer/lambdas/config';
import { getLeases } from '@wayfarer/lambdas/providers';
import type { Engine } from '../engine';
import { createSpeechSocket } from './socket';
import { createSpeechEngine } from './speech-engine';

/**
 * Speech to text offline: Moonshine behind a Deepgram-protocol socket on the gateway's port. It needs no
 * provider: its key issuer is a small HMAC in lambdas (adapters/local/speech-keys.ts), and the browser talks
 * to the socket directly.
 */
export const speechEngine: Engine<'stt'> = {
  capability: 'stt',
  sockets: [
    () => {
      // This local cloud's own engine, stopped with it: the process-wide one would keep its worker threads (and
      // the process) alive after `stop()`, which is what a test run's global teardown relies on.
      const engine = createSpeechEngine();
      const keys = localSpeechKeyReader();
      // The claims of each key with a session open: the key itself expires long before its session ends.
      const open = new Map<string, { readonly claims: KeyClaims; sessions: number }>();
      const socket = createSpeechSocket({
        verifyKey: async (key) => {
          const claims = await keys(key);
          if (!claims) return false;
          const entry = open.get(key) ?? { claims, sessions: 0 };
          entry.sessions += 1;
          open.set(key, entry);
          return true;
        },
        onSessionEnd: (key, seconds) => {
          const entry = open.get(key);
          if (!entry) return;
          if (--entry.sessions === 0) open.delete(key);
          void recordObserved(entry.claims, seconds);
        },
        engine,
      });
      return {
        handleUpgrade: (request, stream, head) => socket.handleUpgrade(request, stream, head),
        ready: () => engine.ready(),
        close: async () => {
          await socket.close();
          await engine.close();
        },
      };
    },
  ],
};

/**
 * Reads the keys GET /api/deepgram/key signs (lambdas/adapters/local/speech-keys.ts), until they expire.
 * Built on the first connection, from the same configuration the handlers read.
 */
function localSpeechKeyReader(): (key: string) => Promise<KeyClaims | undefined> {
  let reader: Promise<(key: string) => KeyClaims | undefined> | undefined;
  return async (key) => {
    reader ??= getConfig().then(({ IP_HASH_SECRET }) =>
      // Without the secret no key can be genuine: refuse them all rather than accept any.
      IP_HASH_SECRET === undefined
        ? () => undefined
        : createLocalSpeechKeyReader({ secret: localSpeechKeySecret(IP_HASH_SECRET) }),
    );
    return (await reader)(key);
  };
}

/**
 * Charges the key's lease at least the time the socket served it: the socket is ours, so what it saw is the
 * floor, whatever the client later reports.
 */
async function recordObserved(claims: KeyClaims, seconds: number): Promise<void> {
  if (!claims.day) return;
  try {
    const leases = await getLeases();
    await leases.recordObserved(
      { id: claims.lid, subject: claims.sub, day: claims.day },
      Math.round(seconds * 10) / 10,
    );
  } catch {
    // The lease is still charged its elapsed time and the report's floor: this only loses the socket's figure.
  }
}
