// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageDetector } from './language-detector';
import { detectionOptions } from './i18n-options';
import { LocaleBackend } from './locale-backend';

describe('language detection (docs/SPEC.md §1)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    localStorage.clear();
    document.cookie = 'i18next=; max-age=0';
  });

  const detect = () => {
    const detector = new LanguageDetector();
    detector.init(undefined, detectionOptions);
    return detector.detect();
  };

  it('looks in the query string, then the cookie, then local storage, then the browser', () => {
    window.history.replaceState(null, '', '/?lng=de');
    document.cookie = 'i18next=fr';
    localStorage.setItem(detectionOptions.lookupLocalStorage, 'es');
    expect(detect().slice(0, 3)).toEqual(['de', 'fr', 'es']);
    expect(detect()).toContain(navigator.language);
  });

  it('drops anything that is not a language code, so it cannot reach <html lang>', () => {
    window.history.replaceState(null, '', '/?lng=%22%20onmouseover%3D%22x()');
    localStorage.setItem(detectionOptions.lookupLocalStorage, '__proto__');
    expect(detect().some((code) => code.includes('"') || code === '__proto__')).toBe(false);
  });

  it('keeps the chosen language in local storage', () => {
    const detector = new LanguageDetector();
    detector.init(undefined, detectionOptions);
    detector.cacheUserLanguage('fr');
    expect(localStorage.getItem(detectionOptions.lookupLocalStorage)).toBe('fr');
  });
});

describe('locale loading', () => {
  afterEach(() => vi.unstubAllGlobals());

  const read = (status: number | 'network') =>
    new Promise<{ error: unknown; retry: unknown }>((resolve) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          status === 'network'
            ? Promise.reject(new TypeError('offline'))
            : Promise.resolve(new Response(status === 200 ? '{"hello":"Hello"}' : 'no', { status })),
        ),
      );
      const backend = new LocaleBackend();
      backend.init(undefined, { loadPath: '/locales/{{lng}}/{{ns}}.json' });
      backend.read('en', 'translation', (error, retryOrData) => resolve({ error, retry: retryOrData }));
    });

  it('fetches GET /locales/{lng}/{ns}.json and hands over its JSON', async () => {
    expect(await read(200)).toEqual({ error: null, retry: { hello: 'Hello' } });
    expect(fetch).toHaveBeenCalledWith('/locales/en/translation.json');
  });

  it('asks i18next to retry a network failure, a 5xx and a 429, and not a 404', async () => {
    expect((await read('network')).retry).toBe(true);
    expect((await read(503)).retry).toBe(true);
    expect((await read(429)).retry).toBe(true);
    expect((await read(404)).retry).toBe(false);
  });
});
