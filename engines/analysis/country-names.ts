import * as z from 'zod';
import countriesJson from './data/countries.json';
import { foldText } from './text-fold';

// Country names and demonyms per ISO 3166 alpha-2 code: data/countries.json (its source in data/SOURCES.md),
// read and checked once when the module loads; CLDR's names in the analysis languages are added through Intl.
// Names are places a traveller can be in (the place finder reports them as type 'country'); demonyms only
// tell which country a text is about ("a Mexican taxi", "pesos argentinos" is already explicit).

const folded = z.string().min(1).refine((word) => word === foldText(word), 'folded: lower case, no accents');

export const countriesSchema = z.strictObject({
  countries: z.array(
    z.strictObject({
      code: z.string().regex(/^[A-Z]{2}$/),
      /** The English name, as reported. */
      name: z.string().min(1),
      /** Other names, folded (en, fr, es, de). */
      names: z.array(folded),
      demonyms: z.array(folded),
    }),
  ),
});

const TABLE = countriesSchema.parse(countriesJson).countries;

export interface CountryNames {
  readonly code: string;
  /** The English name, as reported. */
  readonly name: string;
  /** Folded names in any language, the English one included. */
  readonly names: readonly string[];
  readonly demonyms: readonly string[];
}

/** The languages whose CLDR country names (through Intl.DisplayNames) are added to the table's. */
const NAME_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'pt-PT'] as const;

/** CLDR's names of a country in the analyser's languages, folded: "Svizzera", "Suíça", "Países Baixos". */
export function cldrCountryNames(code: string): string[] {
  return NAME_LANGUAGES.map((language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code))
    .filter((name): name is string => name !== undefined && !/[()]/.test(name))
    .map((name) => foldText(name));
}

export const COUNTRY_NAMES: readonly CountryNames[] = TABLE.map(({ code, name, names, demonyms }) => ({
  code,
  name,
  names: [...new Set([name.toLowerCase(), ...names, ...cldrCountryNames(code)])],
  demonyms,
}));
