import { createServer } from 'node:net';

/**
 * A TCP port nothing listens on right now, on 127.0.0.1 (where the local cloud and the test servers bind): the
 * one helper for the local cloud's embedded servers, the browser tests' servers and the benchmarks.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port was given')),
      );
    });
  });
}
