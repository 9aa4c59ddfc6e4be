import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../http/errors';
import { checkHealth } from './service';

describe('checkHealth', () => {
  it('is healthy when the table answers', async () => {
    await expect(checkHealth({ storage: { ping: async () => undefined } })).resolves.toEqual({ ok: true });
  });

  it('answers 503 when the table does not', async () => {
    const storage = { ping: async () => Promise.reject(new Error('ECONNREFUSED')) };

    await expect(checkHealth({ storage })).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
