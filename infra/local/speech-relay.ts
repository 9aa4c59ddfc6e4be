import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import { relayFromConfig } from '@wayfarer/lambdas/relay/wiring';
import type { LocalSocket } from './local-routes';

/**
 * The speech relay on the gateway's port (docs/DESIGN.md §7): the same code production runs as its own service,
 * built from the same configuration the handlers read, so it relays to Deepgram when a key is set and to the
 * embedded engine otherwise. Created once the handlers' environment is set.
 */
export function localSpeechRelay(): LocalSocket {
  const relay = relayFromConfig();
  relay.catch(() => undefined);
  return {
    handleUpgrade(request, socket, head) {
      if (new URL(request.url ?? '/', 'http://local').pathname !== LISTEN_PATH) return false;
      relay.then(
        (built) => built.handleUpgrade(request, socket, head),
        () =>
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
      );
      return true;
    },
    ready: async () => (await relay).ready(),
    close: async () => (await relay.catch(() => undefined))?.close(),
  };
}
