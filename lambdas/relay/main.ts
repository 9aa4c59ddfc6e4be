import { createServer } from 'node:http';
import { RELAY_CLOSE, RELAY_CLOSE_REASON } from '@wayfarer/shared/api/speech-protocol';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { getConfig } from '../config';
import { errorFields, logger } from '../logger';
import { embeddedMetricFormat } from './metrics';
import { relayFromConfig } from './wiring';

/** How often every task reports its open sessions (the scaling policy averages them over the tasks). */
const SESSIONS_METRIC_MS = 60_000;
/** How often the task's metadata is read for a stop it has been told of. */
const STOP_POLL_MS = 5_000;

/**
 * The speech relay as a long-lived service (production: an ECS task behind the load balancer and CloudFront,
 * docs/DESIGN.md §2). It serves `/v1/listen` and `GET /health` on RELAY_PORT. Told to stop (SIGTERM, or ECS's task
 * metadata saying STOPPED, which comes first: the load balancer deregisters the task before SIGTERM), it stops
 * taking sockets (health 503, new sockets 1013), lets open sessions run up to RELAY_DRAIN_SECONDS, then tells the
 * rest to reconnect (1012) and exits.
 */
async function main(): Promise<void> {
  const config = await getConfig();
  const metrics = embeddedMetricFormat(config.RELAY_METRICS_STAGE ?? 'local');
  const relay = await relayFromConfig({ metrics });
  let draining = false;

  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(draining ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ ok: !draining }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: HTTP_ERROR_KEYS.notFound }));
  });
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!relay.handleUpgrade(request, socket, head))
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  // A recogniser that cannot serve (no key set) still lets the relay start and answer health: each socket is
  // then closed with 1011, and the log says what to set.
  await relay.ready().catch((error: unknown) => logger.error('Speech recogniser unavailable', errorFields(error)));
  server.listen(config.RELAY_PORT, () => logger.info('Speech relay listening', { outcome: 'listening' }));
  const sessionsMetric = setInterval(() => metrics.sessions(relay.sessions()), SESSIONS_METRIC_MS);

  function drain(reason: string): void {
    if (draining) return;
    draining = true;
    relay.drain();
    logger.info('Speech relay draining', { outcome: reason });
    const deadline = Date.now() + config.RELAY_DRAIN_SECONDS * 1000;
    const tick = setInterval(() => {
      if (relay.sessions() > 0 && Date.now() < deadline) return;
      clearInterval(tick);
      clearInterval(sessionsMetric);
      void relay
        .close(RELAY_CLOSE.serviceRestart, RELAY_CLOSE_REASON.serviceRestart)
        .finally(() => server.close(() => process.exit(0)));
    }, 250);
  }

  process.once('SIGTERM', () => drain('sigterm'));
  const metadata = config.ECS_CONTAINER_METADATA_URI_V4;
  if (metadata !== undefined) {
    const poll = setInterval(() => {
      void fetch(`${metadata}/task`)
        .then((answer) => answer.json() as Promise<{ DesiredStatus?: unknown }>)
        .then((task) => {
          if (task.DesiredStatus !== 'STOPPED') return;
          clearInterval(poll);
          drain('task_stopping');
        })
        .catch(() => undefined);
    }, STOP_POLL_MS);
  }
}

main().catch((error: unknown) => {
  logger.error('Speech relay could not start', errorFields(error));
  process.exitCode = 1;
});
