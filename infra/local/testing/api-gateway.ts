import { createGateway } from '../gateway';
import { listenOnLoopback, type Listening } from '../loopback';
import { quietLogger } from '../log';
import { createStaticSite } from '../static-site';

/**
 * The local gateway serving /api alone (no site, no local routes), its handlers loaded in this process: for a
 * test or bench that points a handler's configuration at its own fake provider without a whole local cloud.
 */
export function listenApiGateway(): Promise<Listening> {
  const gateway = createGateway({
    staticSite: createStaticSite({ webRoot: '/nonexistent', localesDir: '/nonexistent' }),
    localRoutes: [],
    isReady: () => true,
    log: quietLogger('gateway'),
  });
  return listenOnLoopback(gateway, 0, '127.0.0.1');
}
