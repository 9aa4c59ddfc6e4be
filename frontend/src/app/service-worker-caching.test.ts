import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getManifest } from 'workbox-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, SUPPORTED_UI_LANGUAGES } from '../lib/ui-constants';
import { LOCALE_URL_PATTERN, PRECACHE_GLOB_PATTERNS } from './service-worker-caching';

describe('the service worker precache', () => {
  // The built app's layout (vite.config.ts bundleLocales): a locale file for every interface language.
  let dist = '';
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'wayfarer-precache-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
    await writeFile(path.join(dist, 'assets', 'index.js'), 'export {};');
    for (const language of SUPPORTED_UI_LANGUAGES) {
      await mkdir(path.join(dist, 'locales', language), { recursive: true });
      await writeFile(path.join(dist, 'locales', language, 'translation.json'), '{}');
    }
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('lists no locale file but the fallback language’s, and still the app itself', async () => {
    const { manifestEntries } = await getManifest({
      globDirectory: dist,
      globPatterns: PRECACHE_GLOB_PATTERNS,
    });
    const urls = (manifestEntries ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.url));
    expect(urls.filter((url) => url.startsWith('locales/'))).toEqual([
      `locales/${FALLBACK_LANGUAGE}/translation.json`,
    ]);
    expect(urls).toEqual(expect.arrayContaining(['index.html', 'assets/index.js']));
  });
});

describe('the locale runtime cache', () => {
  const origin = 'https://wayfarer.example';

  it('takes every interface language’s locale file on the app’s origin', () => {
    for (const language of SUPPORTED_UI_LANGUAGES)
      expect(LOCALE_URL_PATTERN.test(`${origin}/locales/${language}/translation.json`)).toBe(true);
  });

  it('takes nothing else of the app: API, pages, assets', () => {
    for (const url of [
      '/api/health',
      '/history',
      '/assets/index.js',
      '/locales',
      '/x/locales/fr/translation.json',
    ])
      expect(LOCALE_URL_PATTERN.test(`${origin}${url}`)).toBe(false);
  });

  it('matches after the origin, which Workbox honours for its own origin only', () => {
    // workbox-routing's RegExpRoute ignores a cross-origin match unless it starts at index 0.
    expect(LOCALE_URL_PATTERN.exec('https://cdn.example/locales/fr/translation.json')?.index).toBeGreaterThan(
      0,
    );
  });
});
