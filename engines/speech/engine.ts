import {
  createLocalSpeechKeyVerifier,
  localSpeechKeySecret,
} from '@wayfarer/lambdas/adapters/local/speech-keys';
import { getConfig } from '@wayfarer/lambdas/config';
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
      const socket = createSpeechSocket({ verifyKey: localSpeechKeyVerifier(), engine });
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
 * Accepts the keys GET /api/deepgram/key signs (lambdas/adapters/local/speech-keys.ts), until they expire.
 * Built on the first connection, from the same configuration the handlers read.
 */
function localSpeechKeyVerifier(): (key: string) => Promise<boolean> {
  let verifier: Promise<(key: string) => boolean> | undefined;
  return async (key) => {
    verifier ??= getConfig().then(({ IP_HASH_SECRET }) =>
      // Without the secret no key can be genuine: refuse them all rather than accept any.
      IP_HASH_SECRET === undefined
        ? () => false
        : createLocalSpeechKeyVerifier({ secret: localSpeechKeySecret(IP_HASH_SECRET) }),
    );
    return (await verifier)(key);
  };
}
