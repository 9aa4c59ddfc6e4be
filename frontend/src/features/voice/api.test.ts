// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS } from '../../lib/ui-constants';
import * as api from './api';
import { fetchCallerCountry, fetchSpeechTicket, fetchVoiceCapabilities } from './api';

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

describe('speech ticket (route speech.ticket, docs/SPEC.md §7)', () => {
  it('asks POST /api/speech/ticket, with no body, and returns the ticket and the seconds left', async () => {
    const ticket = { ticket: 't-1', seconds_left: 540 };
    const fetchMock = answer(200, ticket);
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchSpeechTicket()).toEqual({ kind: 'ok', ticket });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/speech/ticket');
    expect(init?.method).toBe('POST');
    expect(init?.body ?? undefined).toBeUndefined();
  });

  it('a subscriber’s ticket has seconds_left null', async () => {
    const ticket = { ticket: 't-2', seconds_left: null };
    vi.stubGlobal('fetch', answer(200, ticket));
    expect(await fetchSpeechTicket()).toEqual({ kind: 'ok', ticket });
  });

  it('sends the bearer token when signed in', async () => {
    const token = tokenExpiringIn(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
    const fetchMock = answer(200, { ticket: 't', seconds_left: null });
    vi.stubGlobal('fetch', fetchMock);
    await fetchSpeechTicket();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it('a 429 on the ticket call means the limit is reached', async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'error_usage_limit_reached' }));
    expect(await fetchSpeechTicket()).toEqual({ kind: 'limit_reached' });
  });

  it('a 429 with error_rate_limit (tickets taken too fast) is rate_limited, not the spent allowance', async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'error_rate_limit' }));
    expect(await fetchSpeechTicket()).toEqual({ kind: 'rate_limited' });
  });

  it.each([
    ['a 500', 500, { error: 'x' }],
    ['a 401', 401, { error: 'x' }],
    ['an empty ticket', 200, { ticket: '', seconds_left: 10 }],
    ['no ticket', 200, { seconds_left: 10 }],
    ['no seconds_left', 200, { ticket: 't' }],
    ['a negative seconds_left', 200, { ticket: 't', seconds_left: -1 }],
    ['a seconds_left that is not a number', 200, { ticket: 't', seconds_left: '10' }],
    ['the old key answer', 200, { key: 'k', time_to_live_in_seconds: 60, url: 'ws://x/v1/listen' }],
  ])('%s is a failed ticket call', async (_name, status, body) => {
    vi.stubGlobal('fetch', answer(status, body));
    expect(await fetchSpeechTicket()).toEqual({ kind: 'failed' });
  });

  it('a network failure is a failed ticket call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await fetchSpeechTicket()).toEqual({ kind: 'failed' });
  });

  it('nothing is reported: the client has no usage call any more', () => {
    expect(Object.keys(api)).not.toContain('reportUsage');
    expect(Object.keys(api)).not.toContain('fetchSpeechKey');
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
