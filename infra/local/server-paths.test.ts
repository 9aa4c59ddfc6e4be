import { describe, expect, it } from 'vitest';
import { isServerPath } from '@wayfarer/shared/api/server-paths';
import { routeTable } from '@wayfarer/shared/api/route-table';
import { LISTEN_PATH } from '@wayfarer/shared/api/speech-protocol';
import { PAGES } from '@wayfarer/shared/api/pages';
import { localRoutes } from './local-routes';

// The service worker answers every navigation outside these folders with the app shell (frontend/vite.config.ts).
describe('the paths the service worker leaves to the server', () => {
  it('every route of the route table is a server path', () => {
    for (const route of routeTable) expect(isServerPath(route.path.replace(/\{[^}]+\}/g, 'x'))).toBe(true);
  });

  it('every local-cloud route (outbox, local checkout and portal) is a server path', () => {
    expect(localRoutes.length).toBeGreaterThan(0);
    for (const route of localRoutes) expect(isServerPath(route.path), route.path).toBe(true);
  });

  it('the speech socket and the locale files are server paths', () => {
    expect(isServerPath(LISTEN_PATH)).toBe(true);
    expect(isServerPath('/locales/en/translation.json')).toBe(true);
  });

  it('no page of the app is a server path', () => {
    for (const page of Object.values(PAGES)) expect(isServerPath(page), page).toBe(false);
    expect(isServerPath('/apiary')).toBe(false);
  });
});
