import { describe, expect, it } from 'vitest';
import type { Location, LocationType } from '@wayfarer/shared/api/analysis';
import { coordinatesOf, formatCoordinates, linksFor, platformOf, RIDE_APPS } from './location-links';

function place(type: LocationType, overrides: Partial<Location> = {}): Location {
  return {
    originalText: 'the place',
    name: 'Eiffel Tower',
    address: 'Champ de Mars, Paris',
    type,
    latitude: '48.8583701',
    longitude: '2.2944813',
    ...overrides,
  };
}

function kinds(type: LocationType, overrides: Partial<Location> = {}) {
  const set = linksFor(place(type, overrides), 'other');
  return [...set.links.map((link) => link.kind), ...(set.rides.length > 0 ? ['ride'] : [])];
}

describe('location link sets (docs/SPEC.md §2)', () => {
  it.each([
    ['restaurant', ['maps', 'navigation', 'travel', 'ride']],
    ['hotel', ['maps', 'navigation', 'booking', 'travel', 'ride']],
    ['landmark', ['maps', 'navigation', 'travel', 'encyclopedia', 'ride']],
    ['attraction', ['maps', 'navigation', 'travel', 'encyclopedia', 'ride']],
    ['museum', ['maps', 'navigation', 'travel', 'encyclopedia', 'ride']],
    ['airport', ['maps', 'navigation', 'ride']],
    ['station', ['maps', 'navigation', 'ride']],
    ['city', ['maps', 'travel', 'encyclopedia', 'weather', 'booking']],
    ['country', ['maps', 'travel', 'encyclopedia', 'weather']],
    ['region', ['maps', 'travel', 'encyclopedia', 'weather']],
    ['park', ['maps', 'navigation', 'encyclopedia', 'weather', 'ride']],
    ['building', ['maps', 'navigation', 'ride']],
    ['address', ['maps', 'navigation', 'ride']],
    ['other', ['maps', 'navigation', 'encyclopedia', 'ride']],
  ] as const)('a %s gets its own set', (type, expected) => {
    expect(kinds(type)).toEqual(expected);
  });

  it('airports and stations get transport links only', () => {
    for (const type of ['airport', 'station'] as const) {
      expect(kinds(type)).not.toEqual(expect.arrayContaining(['travel']));
      expect(kinds(type)).not.toContain('encyclopedia');
      expect(kinds(type)).not.toContain('booking');
    }
  });

  it('offers eight ride-hailing apps, each going to the coordinates', () => {
    const { rides } = linksFor(place('landmark'), 'other');
    expect(rides).toHaveLength(8);
    expect(new Set(rides.map((ride) => ride.app)).size).toBe(8);
    for (const ride of rides) expect(ride.href).toContain('48.8583701');
    expect(RIDE_APPS).toHaveLength(8);
  });

  it('leaves out navigation and ride-hailing without both coordinates', () => {
    expect(kinds('landmark', { latitude: '' })).toEqual(['maps', 'travel', 'encyclopedia']);
    expect(kinds('hotel', { longitude: ' ' })).toEqual(['maps', 'booking', 'travel']);
  });

  it('opens the platform maps app with the coordinates on iOS and Android', () => {
    const ios = linksFor(place('landmark'), 'ios').links[0];
    const android = linksFor(place('landmark'), 'android').links[0];
    expect(ios).toEqual({
      kind: 'maps',
      href: expect.stringMatching(/^maps:\/\/\?ll=48\.8583701,2\.2944813&q=Eiffel%20Tower$/),
    });
    expect(android?.href).toMatch(/^geo:48\.8583701,2\.2944813\?q=48\.8583701,2\.2944813\(Eiffel%20Tower\)$/);
  });

  it('searches web maps by address, else by name, without coordinates or off mobile', () => {
    expect(linksFor(place('landmark'), 'other').links[0]?.href).toBe(
      'https://www.google.com/maps/search/?api=1&query=Champ%20de%20Mars%2C%20Paris',
    );
    expect(linksFor(place('landmark', { latitude: '', address: '' }), 'ios').links[0]?.href).toBe(
      'https://www.google.com/maps/search/?api=1&query=Eiffel%20Tower',
    );
  });

  it('searches travel, encyclopedia, weather and booking sites by name', () => {
    const { links } = linksFor(place('city', { name: 'São Paulo' }), 'other');
    for (const link of links.filter((entry) => entry.kind !== 'maps')) {
      expect(link.href).toContain('S%C3%A3o%20Paulo');
    }
  });
});

describe('coordinates', () => {
  it('needs both latitude and longitude, as numbers in range', () => {
    expect(coordinatesOf({ latitude: '48.85', longitude: '2.29' })).toEqual({
      latitude: 48.85,
      longitude: 2.29,
    });
    expect(coordinatesOf({ latitude: '', longitude: '2.29' })).toBeUndefined();
    expect(coordinatesOf({ latitude: '48.85', longitude: 'n/a' })).toBeUndefined();
    expect(coordinatesOf({ latitude: '91', longitude: '2' })).toBeUndefined();
  });

  it('shows GPS with 6 decimals', () => {
    expect(formatCoordinates({ latitude: 48.8583701, longitude: 2.2944813 })).toBe('48.858370, 2.294481');
    expect(formatCoordinates({ latitude: -33.9, longitude: 151 })).toBe('-33.900000, 151.000000');
  });

  it('tells iOS and Android from other platforms', () => {
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('other');
  });
});
