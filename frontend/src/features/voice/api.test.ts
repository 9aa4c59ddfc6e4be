// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS } from '../../lib/ui-constants';
import { fetchCallerCountry, fetchSpeechKey, fetchVoiceCapabilities, reportUsage } from './api';

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function tokenExpiringIn(seconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u', exp: Math.floor(Date.now() / 1000) + seconds }));
  return `h.${payload.replace(/=+$/, '')}.s`;
}

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

  it('a 429 saying keys were taken too fast is a rate limit, not the spent allowance', async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'error_rate_limit' }));
    expect(await fetchSpeechKey()).toEqual({ kind: 'rate_limited' });
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

  it('sends the usage update so that it survives the page going away (keepalive), with the bearer token when signed in', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);

    expect(await reportUsage(2)).toBe(true);

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.keepalive).toBe(true);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token}`);
  });
});

describe('capabilities and country (docs/SPEC.md §5)', () => {
  it('reads which engine serves translation and speech', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        stt: 'embedded',
        translate: 'unavailable',
        tts: 'embedded',
        analysis: 'embedded',
        vision: 'unavailable',
      }),
    );
    expect(await fetchVoiceCapabilities()).toEqual({
      translate: 'unavailable',
      tts: 'embedded',
      stt: 'embedded',
    });
  });

  it('a failed capabilities call says nothing either way', async () => {
    vi.stubGlobal('fetch', answer(500, { error: 'x' }));
    expect(await fetchVoiceCapabilities()).toBeUndefined();
  });

  it('reads the caller country, or null', async () => {
    vi.stubGlobal('fetch', answer(200, { country: 'JP' }));
    expect(await fetchCallerCountry()).toBe('JP');
    vi.stubGlobal('fetch', answer(200, { country: null }));
    expect(await fetchCallerCountry()).toBeNull();
  });

  it('the country lookup gives up after 3000 ms', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(
          (_url, init) =>
            new Promise((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            ),
        ),
      );
      const country = fetchCallerCountry();
      await vi.advanceTimersByTimeAsync(2999);
      let settled = false;
      void country.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await country).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
