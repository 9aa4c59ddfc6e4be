import { describe, expect, it } from 'vitest';
import { PAGES } from '@wayfarer/shared/api/pages';
import { appRoutes } from './router';

describe('appRoutes', () => {
  it('serves every page named in shared/api/pages.ts, and no page it does not name but the 404', () => {
    const [layout] = appRoutes;
    const served = [layout?.path, ...(layout?.children ?? []).map((child) => child.path)].filter(
      (path) => path !== undefined && path !== '*',
    );

    expect(new Set(served)).toEqual(new Set(Object.values(PAGES)));
  });
});
