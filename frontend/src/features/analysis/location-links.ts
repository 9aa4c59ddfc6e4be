import type { Location, LocationType } from '@wayfarer/shared/api/analysis';

/**
 * The links a location card offers (docs/SPEC.md §2 "Location links"). SPEC names the kinds of link and that each
 * location type has its own set, but not the sets themselves; LINK_SETS below is that choice, written once.
 */

export type LinkKind = 'maps' | 'navigation' | 'ride' | 'travel' | 'encyclopedia' | 'weather' | 'booking';
export type Platform = 'ios' | 'android' | 'other';

/** The kinds of link per location type; 'ride' stands for the whole ride-hailing dropdown. */
export const LINK_SETS: Readonly<Record<LocationType, readonly LinkKind[]>> = {
  restaurant: ['maps', 'navigation', 'ride', 'travel'],
  hotel: ['maps', 'navigation', 'ride', 'booking', 'travel'],
  landmark: ['maps', 'navigation', 'ride', 'travel', 'encyclopedia'],
  attraction: ['maps', 'navigation', 'ride', 'travel', 'encyclopedia'],
  museum: ['maps', 'navigation', 'ride', 'travel', 'encyclopedia'],
  // Transport only: a traveller wants to get there, not to read about it.
  airport: ['maps', 'navigation', 'ride'],
  station: ['maps', 'navigation', 'ride'],
  city: ['maps', 'travel', 'encyclopedia', 'weather', 'booking'],
  country: ['maps', 'travel', 'encyclopedia', 'weather'],
  region: ['maps', 'travel', 'encyclopedia', 'weather'],
  park: ['maps', 'navigation', 'ride', 'encyclopedia', 'weather'],
  building: ['maps', 'navigation', 'ride'],
  address: ['maps', 'navigation', 'ride'],
  other: ['maps', 'navigation', 'ride', 'encyclopedia'],
};

export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

export interface LocationLink {
  readonly kind: Exclude<LinkKind, 'ride'>;
  readonly href: string;
}

export interface RideLink {
  /** The app's own name, the same in every language. */
  readonly app: string;
  readonly href: string;
}

export interface LocationLinkSet {
  readonly links: readonly LocationLink[];
  /** The ride-hailing dropdown: empty unless the type calls for it and both coordinates exist. */
  readonly rides: readonly RideLink[];
}

const GPS_DECIMALS = 6;

function coordinate(text: string, limit: number): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/** Both coordinates, or none: docs/SPEC.md §2 wants latitude and longitude non-empty before any map link uses them. */
export function coordinatesOf(location: Pick<Location, 'latitude' | 'longitude'>): Coordinates | undefined {
  const latitude = coordinate(location.latitude, 90);
  const longitude = coordinate(location.longitude, 180);
  return latitude === undefined || longitude === undefined ? undefined : { latitude, longitude };
}

/** "48.858370, 2.294481": GPS with 6 decimals (docs/SPEC.md §2), also what the copy button puts on the clipboard. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(GPS_DECIMALS)}, ${longitude.toFixed(GPS_DECIMALS)}`;
}

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

const q = encodeURIComponent;

function mapsHref(location: Location, at: Coordinates | undefined, platform: Platform): string {
  if (at && platform === 'ios') {
    return `maps://?ll=${at.latitude},${at.longitude}&q=${q(location.name)}`;
  }
  if (at && platform === 'android') {
    return `geo:${at.latitude},${at.longitude}?q=${at.latitude},${at.longitude}(${q(location.name)})`;
  }
  const query = location.address.trim() || location.name;
  return `https://www.google.com/maps/search/?api=1&query=${q(query)}`;
}

function navigationHref(at: Coordinates): string {
  return `https://waze.com/ul?ll=${at.latitude},${at.longitude}&navigate=yes`;
}

const SEARCHES: Readonly<
  Record<'travel' | 'encyclopedia' | 'weather' | 'booking', (name: string) => string>
> = {
  travel: (name) => `https://www.tripadvisor.com/Search?q=${q(name)}`,
  encyclopedia: (name) => `https://en.wikipedia.org/w/index.php?search=${q(name)}`,
  weather: (name) => `https://www.accuweather.com/en/search-locations?query=${q(name)}`,
  booking: (name) => `https://www.booking.com/searchresults.html?ss=${q(name)}`,
};

/** Eight ride-hailing apps, each opened at the destination (their own deep-link formats). */
export const RIDE_APPS: readonly {
  readonly app: string;
  readonly href: (at: Coordinates, name: string) => string;
}[] = [
  {
    app: 'Uber',
    href: (at, name) =>
      `https://m.uber.com/ul/?action=setPickup&pickup=my_location&dropoff[latitude]=${at.latitude}&dropoff[longitude]=${at.longitude}&dropoff[nickname]=${q(name)}`,
  },
  {
    app: 'Lyft',
    href: (at) =>
      `https://lyft.com/ride?id=lyft&destination[latitude]=${at.latitude}&destination[longitude]=${at.longitude}`,
  },
  {
    app: 'Bolt',
    href: (at) => `bolt://ride?destination_lat=${at.latitude}&destination_lng=${at.longitude}`,
  },
  {
    app: 'Grab',
    href: (at) =>
      `grab://open?screenType=BOOKING&dropOffLatitude=${at.latitude}&dropOffLongitude=${at.longitude}`,
  },
  {
    app: 'DiDi',
    href: (at) => `didiglobal://passenger/ride?dlat=${at.latitude}&dlng=${at.longitude}`,
  },
  {
    app: 'Careem',
    href: (at) => `careem://ride?dropoff_latitude=${at.latitude}&dropoff_longitude=${at.longitude}`,
  },
  {
    app: 'Ola',
    href: (at) => `https://book.olacabs.com/?drop_lat=${at.latitude}&drop_lng=${at.longitude}`,
  },
  {
    app: 'FREENOW',
    href: (at) => `freenow://ride?destination_lat=${at.latitude}&destination_lng=${at.longitude}`,
  },
];

/** The links of one location, per its type's set; links that need coordinates are left out without them. */
export function linksFor(location: Location, platform: Platform): LocationLinkSet {
  const at = coordinatesOf(location);
  const links: LocationLink[] = [];
  let rides: RideLink[] = [];
  for (const kind of LINK_SETS[location.type]) {
    if (kind === 'maps') links.push({ kind, href: mapsHref(location, at, platform) });
    else if (kind === 'navigation') {
      if (at) links.push({ kind, href: navigationHref(at) });
    } else if (kind === 'ride') {
      if (at) rides = RIDE_APPS.map(({ app, href }) => ({ app, href: href(at, location.name) }));
    } else links.push({ kind, href: SEARCHES[kind](location.name) });
  }
  return { links, rides };
}
