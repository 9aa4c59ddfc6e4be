import { Worker } from 'node:worker_threads';
import { resolveModule } from './speech/model-files';

/**
 * Starts the worker module `name` that sits beside `moduleUrl` (the caller's import.meta.url). The workers are
 * TypeScript like the rest of the project; under tsx or Vitest the parent's loader does not reach worker
 * threads, so a one-line bootstrap registers tsx in the worker before importing the entry.
 */
export function spawnWorker(moduleUrl: string, name: string, workerData: unknown): Worker {
  const entry = new URL(`./${name}${moduleUrl.endsWith('.js') ? '.js' : '.ts'}`, moduleUrl);
  if (entry.pathname.endsWith('.js')) return new Worker(entry, { workerData });
  const tsx = resolveModule('tsx/esm/api', 'tsx', 'dist/esm/api/index.mjs');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
