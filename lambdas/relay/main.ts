import { createServer } from 'node:http';
import { RELAY_CLOSE, RELAY_CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { getConfig } from '../config';
import { errorFields, logger } from '../logger';
import { embeddedMetricFormat } from './metrics';
import { relayFromConfig } from './wiring';

/**
 * The speech relay as a long-lived service (production: an ECS task behind the ALB and CloudFront, docs/DESIGN.md
 * §2). It serves `/v1/listen` and `GET /health` on RELAY_PORT. On SIGTERM (a deploy or a scale-in) it stops taking
 * sockets, lets open sessions run up to RELAY_DRAIN_SECONDS, then tells the rest to reconnect (1012).
 */
async function main(): Promise<void> {
  const config = await getConfig();
  const relay = await relayFromConfig({ metrics: embeddedMetricFormat(config.STAGE ?? 'local') });
  const port = config.RELAY_PORT;
  const drainSeconds = config.RELAY_DRAIN_SECONDS;
  let draining = false;

  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(draining ? 503 : 200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify({ ok: !draining }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Not found' }));
  });
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!relay.handleUpgrade(request, socket, head))
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await relay.ready();
  server.listen(port, () => logger.info('Speech relay listening', { outcome: 'listening' }));

  process.once('SIGTERM', () => {
    draining = true;
    relay.drain();
    logger.info('Speech relay draining', { outcome: 'draining' });
    const deadline = Date.now() + drainSeconds * 1000;
    const tick = setInterval(() => {
      if (relay.sessions() > 0 && Date.now() < deadline) return;
      clearInterval(tick);
      void relay
        .close(RELAY_CLOSE.serviceRestart, RELAY_CLOSE_REASON.serviceRestart)
        .finally(() => server.close(() => process.exit(0)));
    }, 250);
  });
}

main().catch((error: unknown) => {
  logger.error('Speech relay could not start', errorFields(error));
  process.exitCode = 1;
});
