// The embedded place finder's gazetteer: data/gazetteer.json (its sources in data/SOURCES.md), read and checked
// once when the module loads. Cities carry their other spellings (Wien, Londres, Múnich) as aliases; curated
// places (landmarks, airports, stations, parks, museums, streets) carry theirs after the coordinates.

import { locationTypeSchema, type LocationType } from '@wayfarer/shared/api/analysis';
import * as z from 'zod';
import gazetteerJson from './data/gazetteer.json';

export interface GazetteerEntry {
  readonly name: string;
  readonly type: LocationType;
  /** ISO 3166 alpha-2. */
  readonly country: string;
  readonly latitude: string;
  readonly longitude: string;
  /** Other names, as written (matched folded). */
  readonly aliases?: readonly string[];
}

const name = z.string().min(1);
const countryCode = z.string().regex(/^[A-Z]{2}$/);
/** Coordinates stay text as published (5 decimals from GeoNames, 3-4 for curated places). */
const latitude = z.string().regex(/^-?\d{1,2}(?:\.\d+)?$/);
const longitude = z.string().regex(/^-?\d{1,3}(?:\.\d+)?$/);
const spellings = z.record(z.string(), z.array(name));

export const gazetteerSchema = z.strictObject({
  /** GeoNames cities: name, ISO 3166 alpha-2, latitude, longitude. */
  cities: z.array(z.tuple([name, countryCode, latitude, longitude])),
  /** Exonyms and local names, per the city's GeoNames name. */
  cityAliases: spellings,
  /** The names big tourist cities have in the other analysis languages, per the city's GeoNames name. */
  cityExonyms: spellings,
  /** Hotel chains: "the Hilton" is a hotel wherever it is. */
  hotelBrands: z.array(name),
  /** Name, type, ISO 3166 alpha-2, latitude, longitude, then other names as written. */
  curatedPlaces: z.array(z.tuple([name, locationTypeSchema, countryCode, latitude, longitude], name)),
});

const GAZETTEER = gazetteerSchema.parse(gazetteerJson);

export const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = GAZETTEER.cityAliases;
export const CITY_EXONYMS: Readonly<Record<string, readonly string[]>> = GAZETTEER.cityExonyms;
export const HOTEL_BRANDS: readonly string[] = GAZETTEER.hotelBrands;

export const CURATED_PLACES: readonly GazetteerEntry[] = GAZETTEER.curatedPlaces.map(
  ([placeName, type, country, placeLatitude, placeLongitude, ...aliases]) => ({
    name: placeName,
    type,
    country,
    latitude: placeLatitude,
    longitude: placeLongitude,
    aliases,
  }),
);

export const CITIES: readonly GazetteerEntry[] = GAZETTEER.cities.map(
  ([cityName, country, cityLatitude, cityLongitude]) => ({
    name: cityName,
    type: 'city' as const,
    country,
    latitude: cityLatitude,
    longitude: cityLongitude,
    aliases: [...(CITY_ALIASES[cityName] ?? []), ...(CITY_EXONYMS[cityName] ?? [])],
  }),
);
