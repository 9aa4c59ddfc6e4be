/*
 * PLACEHOLDER (branch relay-infra): stands in for the relay the lead writes on main, only so `cdk synth` has an
 * entry to bundle (infra/aws/relay-image.ts). It serves GET /health and nothing else; main replaces this file.
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 8080);
let draining = false;

const server = createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(draining ? 503 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: !draining }));
    return;
  }
  response.writeHead(404).end();
});

process.on('SIGTERM', () => {
  draining = true;
  server.close(() => process.exit(0));
});

server.listen(port);
