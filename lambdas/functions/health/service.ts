import { ServiceUnavailableError } from '../../http/errors';
import type { StorageHealth } from '../../ports/platform';

/** Healthy means the table answers: an API that cannot reach its data is not up, whatever else works. */
export async function checkHealth(ports: { readonly storage: StorageHealth }): Promise<{ ok: true }> {
  try {
    await ports.storage.ping();
  } catch (error) {
    throw new ServiceUnavailableError(undefined, { cause: error });
  }
  return { ok: true };
}
