import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSpeechKey, reportUsage } from './api';

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('voice api', () => {
  it('returns the key, its time to live and the socket address', async () => {
    const key = { key: 'k', time_to_live_in_seconds: 60, url: 'ws://127.0.0.1:8787/v1/listen' };
    const fetchMock = answer(200, key);
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchSpeechKey()).toEqual({ kind: 'ok', key });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/deepgram/key');
  });

  it('a 429 on the key call means the limit is reached', async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'error_usage_limit_reached' }));
    expect(await fetchSpeechKey()).toEqual({ kind: 'limit_reached' });
  });

  it('any other failure, or a malformed answer, is a failed key call', async () => {
    vi.stubGlobal('fetch', answer(500, {}));
    expect(await fetchSpeechKey()).toEqual({ kind: 'failed' });
    vi.stubGlobal('fetch', answer(200, { key: '' }));
    expect(await fetchSpeechKey()).toEqual({ kind: 'failed' });
  });

  it('reports the seconds used', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    expect(await reportUsage(3.25)).toBe(true);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/usage/update');
    expect(JSON.parse(String(init?.body))).toEqual({ durationSeconds: 3.25 });
    vi.stubGlobal('fetch', answer(500, {}));
    expect(await reportUsage(1)).toBe(false);
  });
});
