import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table';
import { routesOfClass, VIEWER_RATE_LIMITS, viewerGroup } from './rate-limits';

describe('per-viewer rate limits', () => {
  it('every rate class has a per-viewer limit WAF can enforce (at least 10 over 1, 2, 5 or 10 minutes)', () => {
    for (const route of routeTable) {
      const limit = VIEWER_RATE_LIMITS[route.rateLimitClass];
      expect(limit.requests).toBeGreaterThanOrEqual(10);
      expect([60, 120, 300, 600]).toContain(limit.windowSeconds);
    }
  });

  it('the analysis calls have a class of their own, tighter than the looser default of rates, capabilities, geo and tracking', () => {
    expect(
      routesOfClass('analysis')
        .map((route) => route.path)
        .sort(),
    ).toEqual(['/api/analysis/emergency', '/api/analysis/locations', '/api/analysis/prices']);
    for (const path of [
      '/api/analysis/exchange-rates',
      '/api/capabilities',
      '/api/geo/country',
      '/api/analytics/track',
    ]) {
      expect(routeTable.find((route) => route.path === path)?.rateLimitClass).toBe('default');
    }
    expect(VIEWER_RATE_LIMITS.analysis.requests).toBeLessThan(VIEWER_RATE_LIMITS.default.requests);
  });

  it('a real conversation never reaches the analysis limit and a script reaches it at once', () => {
    // Ten analyses (three calls each) and ten currency changes in five minutes is far beyond a traveller.
    expect(10 * 3 + 10).toBeLessThan(VIEWER_RATE_LIMITS.analysis.requests);
    // 300 calls in 10 s.
    expect(300).toBeGreaterThan(VIEWER_RATE_LIMITS.analysis.requests);
  });
});

describe('viewerGroup', () => {
  it('an IPv4 viewer is its own address, also when written IPv4-mapped', () => {
    expect(viewerGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(viewerGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('IPv6 viewers are grouped by their /64', () => {
    expect(viewerGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(viewerGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(viewerGroup('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(viewerGroup('2001:db8:1:3::1')).not.toBe(viewerGroup('2001:db8:1:2::1'));
    expect(viewerGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('an address that does not parse is its own group', () => {
    expect(viewerGroup('not-an-address')).toBe('not-an-address');
    expect(viewerGroup('1:2:3')).toBe('1:2:3');
  });
});
