import { escapeRegExp, LOCALES_PREFIX } from '@wayfarer/shared/api/server-paths';
import { FALLBACK_LANGUAGE } from '../lib/ui-constants';

/**
 * What the service worker (frontend/vite.config.ts, installableApp) keeps for offline use, apart so a test can
 * check it against Workbox's own glob and route matching (service-worker-caching.test.ts).
 *
 * Precached at install: the app's code, styles, pages and icons, and of the locale files only the fallback
 * language's, which i18next loads beside any other. The other languages are cached at runtime, when the traveller's
 * interface first asks for one: a traveller uses one or two of the fourteen, and precaching all of them made every
 * install download about half a megabyte of strings it would never show.
 */
export const PRECACHE_GLOB_PATTERNS = [
  '**/*.{js,css,html,svg,png,woff2}',
  `${LOCALES_PREFIX.slice(1)}${FALLBACK_LANGUAGE}/*.json`,
];

/** The runtime cache of the locale files, separate from the precache so a new version leaves it in place. */
export const LOCALE_CACHE_NAME = 'wayfarer-locales';
/** The traveller's language, one they switched from, and room for a third; the least recently used goes first. */
export const LOCALE_CACHE_MAX_ENTRIES = 6;

/**
 * A locale file on the app's own origin, matched on the full URL as Workbox matches a RegExp route. The lookbehind
 * makes the match start at the path: Workbox takes a match that starts after index 0 for its own origin only, so
 * a file of the same name elsewhere never comes from this cache.
 */
export const LOCALE_URL_PATTERN = new RegExp(
  `(?<=^https?://[^/]+)${escapeRegExp(LOCALES_PREFIX)}[^/?#]+/[^/?#]+\\.json(?:[?#]|$)`,
);
