/**
 * The paths a server answers rather than the single-page app: the API of the route table, the local cloud's own
 * pages under LOCAL_ROUTE_PREFIX, the speech socket and the locale files. The service worker's app-shell fallback
 * (frontend/vite.config.ts) must never answer them: a navigation to /__local/checkout answered with the app
 * shows its 404 instead of the checkout.
 */
import { routeTable } from './route-table';
import { LISTEN_PATH } from './speech-protocol';

/** Paths that exist only in the local cloud (docs/TESTIDS.md, "Local run contract"). */
export const LOCAL_ROUTE_PREFIX = '/__local/';
/** The locale files, served beside the app (docs/DESIGN.md §8). */
export const LOCALES_PREFIX = '/locales/';

/** `/api/auth/login` -> `/api/`: the first folder of a path. */
function firstFolder(path: string): string {
  return `/${path.split('/')[1]}/`;
}

/** Every folder a server owns, each with its trailing slash, derived from the routes that live there. */
export const SERVER_PATH_PREFIXES: readonly string[] = [
  ...new Set([
    ...routeTable.map((route) => firstFolder(route.path)),
    LOCAL_ROUTE_PREFIX,
    firstFolder(LISTEN_PATH),
    LOCALES_PREFIX,
  ]),
];

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The same folders as patterns on a URL's pathname: the folder itself or anything under it. */
export const SERVER_PATH_PATTERNS: readonly RegExp[] = SERVER_PATH_PREFIXES.map(
  (prefix) => new RegExp(`^${escapeRegExp(prefix.slice(0, -1))}(?:/|$)`),
);

/** Whether a server, not the app, answers this pathname. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_PATTERNS.some((pattern) => pattern.test(pathname));
}
