import { describe, expect, it } from 'vitest';
import { matchRoute, pathHasOtherMethods, routeForPath, routes } from './routes';

describe('route table', () => {
  it('gives every route a unique id and a unique method and path', () => {
    const ids = routes.map((route) => route.id);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists every call of docs/SPEC.md §7', () => {
    const keys = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const call of [
      'POST /api/auth/login',
      'POST /api/auth/register',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'GET /api/auth/me',
      'POST /api/auth/refresh',
      'POST /api/speech/ticket',
      'POST /api/tts/{provider}',
      'POST /api/translate',
      'POST /api/analysis/emergency',
      'POST /api/analysis/locations',
      'POST /api/analysis/prices',
      'GET /api/analysis/exchange-rates',
      'POST /api/vision/translate-image',
      'POST /api/stripe/create-checkout-session',
      'GET /api/stripe/subscription',
      'POST /api/stripe/customer-portal',
      'POST /api/analytics/verify-admin-password',
      'GET /api/analytics/stats',
      'POST /api/analytics/track',
    ]) {
      expect(keys, call).toContain(call);
    }
  });

  it('streams exactly translation and speech', () => {
    expect(routes.filter((route) => route.streaming).map((route) => route.path)).toEqual([
      '/api/tts/{provider}',
      '/api/translate',
    ]);
  });

  it('gives every JSON route a body schema, no GET a body allowance, and a bodyless POST room for `{}` only', () => {
    for (const route of routes) {
      if (route.bodyKind === 'json')
        expect('body' in route.request && route.request.body, route.id).toBeTruthy();
      if (route.method === 'GET') expect(route.maxBodyBytes, route.id).toBe(0);
      if (route.method === 'POST' && route.bodyKind === 'none')
        expect(route.maxBodyBytes, route.id).toBeLessThanOrEqual(1024);
    }
  });

  it('puts each handler in a kebab-case area folder with a camelCase export', () => {
    for (const route of routes) {
      expect(route.handler.area).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(route.handler.export).toMatch(/^[a-z][A-Za-z]*$/);
    }
  });
});

describe('matchRoute', () => {
  it('matches a fixed path by method', () => {
    expect(matchRoute('POST', '/api/auth/login')?.route.id).toBe('auth.login');
    expect(matchRoute('GET', '/api/auth/login')).toBeUndefined();
  });

  it('extracts and decodes path parameters', () => {
    const match = matchRoute('POST', '/api/tts/open%61i');
    expect(match?.route.id).toBe('tts.speak');
    expect(match?.pathParameters).toEqual({ provider: 'openai' });
  });

  it('ignores an origin, a query string and a trailing slash', () => {
    expect(matchRoute('get', 'https://example.com/api/analytics/stats/?days=7')?.route.id).toBe(
      'analytics.stats',
    );
  });

  it('does not let a parameter span segments', () => {
    expect(matchRoute('POST', '/api/tts/a/b')).toBeUndefined();
  });
});

describe('routeForPath and pathHasOtherMethods', () => {
  it('finds a route by path whatever the method', () => {
    expect(routeForPath('/api/speech/ticket?x=1')?.rateLimitClass).toBe('speech');
    expect(routeForPath('/api/nope')).toBeUndefined();
  });

  it('tells a wrong method from an unknown path', () => {
    expect(pathHasOtherMethods('DELETE', '/api/auth/login')).toBe(true);
    expect(pathHasOtherMethods('POST', '/api/auth/login')).toBe(false);
    expect(pathHasOtherMethods('GET', '/api/nope')).toBe(false);
  });
});

describe('route table without schemas', () => {
  it('has a schema entry for every route and no entry for a route it does not know', async () => {
    const { routeSchemas } = await import('./routes');
    const { routeTable } = await import('./route-table');
    expect(Object.keys(routeSchemas).sort()).toEqual(routeTable.map((route) => route.id).sort());
  });

  it('imports nothing at run time, so the browser can map errors by path without loading zod', async () => {
    // Vite's ?raw import reads the file as text; tests may read sources, shared code may not.
    const rawModule: string = './route-table.ts?raw';
    const source = ((await import(/* @vite-ignore */ rawModule)) as { default: string }).default;
    expect(source).toContain('export const routeTable');
    const runtimeImports = source.split('\n').filter((line) => /^import\s(?!type\b)/.test(line));
    expect(runtimeImports).toEqual([]);
  });
});
