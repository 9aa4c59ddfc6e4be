// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS, TRACKING_DEDUPE_MS } from './ui-constants';
import { createPageTracker, trackedPageFor } from './page-tracking';

function trackerWithClock() {
  let time = 10_000;
  const sent: string[] = [];
  const track = createPageTracker({
    send: async (page) => void sent.push(page),
    now: () => time,
  });
  return { track, sent, advance: (ms: number) => (time += ms) };
}

// A JWT-shaped token whose payload carries `exp`; the signature is never checked in the browser.
function tokenExpiringIn(seconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds }));
  return `header.${payload.replace(/=+$/, '')}.signature`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('trackedPageFor', () => {
  it('accepts exactly the four tracked pages', () => {
    for (const page of ['/', '/subscribe', '/subscribe-success', '/translate-photo'])
      expect(trackedPageFor(page, '')).toBe(page);
  });

  it('checks the path plus query string, so a page with a query is not tracked (docs/SPEC.md §4)', () => {
    expect(trackedPageFor('/', '?lng=fr')).toBeNull();
    expect(trackedPageFor('/subscribe', '?x=1')).toBeNull();
  });

  it("counts Checkout's return as /subscribe-success without its session id (the funnel's success step)", () => {
    expect(trackedPageFor('/subscribe-success', '?session_id=cs_1')).toBe('/subscribe-success');
    expect(trackedPageFor('/subscribe-success', '?session_id=cs_1&x=1')).toBeNull();
  });

  it('ignores every other route', () => {
    for (const page of ['/login', '/privacy-policy', '/admin/analytics', '/nope', '/subscribe/'])
      expect(trackedPageFor(page, '')).toBeNull();
  });
});

describe('page tracker', () => {
  it('sends a tracked page and skips untracked ones', () => {
    const { track, sent } = trackerWithClock();

    track('/login', '');
    track('/', '');

    expect(sent).toEqual(['/']);
  });

  it('skips the same page within the de-duplication window, and sends it again after', () => {
    const { track, sent, advance } = trackerWithClock();

    track('/', '');
    advance(TRACKING_DEDUPE_MS - 1);
    track('/', '');
    advance(1);
    track('/', '');

    expect(sent).toEqual(['/', '/']);
  });

  it('sends a different page at once', () => {
    const { track, sent, advance } = trackerWithClock();

    track('/', '');
    advance(10);
    track('/subscribe', '');
    advance(10);
    track('/', '');

    expect(sent).toEqual(['/', '/subscribe', '/']);
  });

  it('swallows a failed or throwing send', async () => {
    const rejecting = createPageTracker({ send: () => Promise.reject(new Error('offline')), now: () => 0 });
    const throwing = createPageTracker({
      send: () => {
        throw new TypeError('fetch is not a function');
      },
      now: () => 0,
    });

    expect(() => rejecting('/', '')).not.toThrow();
    expect(() => throwing('/', '')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('POSTs {page} to the track route, with the bearer token when signed in', async () => {
    const fetchMock = vi.fn(async () => new Response('{"error":"Not implemented"}', { status: 501 }));
    vi.stubGlobal('fetch', fetchMock);
    const token = tokenExpiringIn(3600);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);

    createPageTracker()('/translate-photo', '');
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/track');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ page: '/translate-photo' });
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('leaves an expired token behind rather than have the view refused', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, tokenExpiringIn(-60));

    createPageTracker()('/', '');
    await new Promise((resolve) => setTimeout(resolve, 0));

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).not.toBeNull();
  });

  it('sends anonymously without a token, and a network error stays silent', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);

    createPageTracker()('/', '');
    await new Promise((resolve) => setTimeout(resolve, 0));

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });
});
