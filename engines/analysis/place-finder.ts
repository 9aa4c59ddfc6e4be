import type { Location, LocationType } from '@wayfarer/shared/api/analysis';
import { COUNTRY_NAMES } from './country-names';
import { CITIES, CURATED_PLACES, HOTEL_BRANDS, type GazetteerEntry } from './gazetteer';
import { asAnalysed, type AnalysedText, type TextInput } from './analysed-text';
import { foldText } from './text-fold';

export interface FoundPlace {
  readonly location: Location;
  /** ISO 3166 alpha-2 of the place, when known. */
  readonly country: string;
  readonly start: number;
  readonly end: number;
}

interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly type: LocationType;
  readonly country: string;
  readonly canonical: string;
  readonly latitude: string;
  readonly longitude: string;
  /** Gazetteer names beat patterns of the same length: they carry coordinates. */
  readonly known: boolean;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
const LONGEST_NAME_TOKENS = 6;

function nameKey(name: string): string {
  return [...foldText(name).replace(/’/g, "'").matchAll(TOKEN)].map((match) => match[0]).join(' ');
}

const COUNTRY_ENGLISH = new Map(COUNTRY_NAMES.map((country) => [country.code, country.name]));

const INDEX = new Map<string, GazetteerEntry>();
function index(entry: GazetteerEntry, names: readonly string[]): void {
  for (const name of names) {
    const key = nameKey(name);
    // The first entry wins: curated places before cities, cities by population.
    if (key !== '' && !INDEX.has(key)) INDEX.set(key, entry);
  }
}
for (const place of CURATED_PLACES) index(place, [place.name, ...(place.aliases ?? [])]);
for (const city of CITIES) index(city, [city.name, ...(city.aliases ?? [])]);
for (const country of COUNTRY_NAMES) {
  const entry: GazetteerEntry = { name: country.name, type: 'country', country: country.code, latitude: '', longitude: '' };
  // Only names written like names: "america" or "usa" lower-cased in a sentence are not reliable.
  index(entry, country.names.filter((name) => !/[.]/.test(name)));
}
for (const brand of HOTEL_BRANDS) index({ name: brand, type: 'hotel', country: '', latitude: '', longitude: '' }, [brand]);

/** Place names that are also common words: not a place when they open a sentence ("Nice to meet you"). */
const WORDS_AT_SENTENCE_START = new Set([
  'nice', 'split', 'reading', 'male', 'mobile', 'sale', 'van', 'bath', 'hope', 'orange', 'mission', 'marathon', 'chile', 'turkey',
  'china', 'jordan', 'georgia', 'victoria', 'florence', 'charlotte', 'eugene', 'regina', 'lincoln', 'austin', 'madison',
]);

function isCapitalised(text: string, at: number): boolean {
  const first = text[at] ?? '';
  return first !== first.toLowerCase() || /\p{N}/u.test(first);
}

function opensSentence(text: string, at: number): boolean {
  return /(?:^|[.!?¿¡]\s*)$/u.test(text.slice(Math.max(0, at - 3), at)) || text.slice(0, at).trim() === '';
}

function gazetteerCandidates({ text, tokens }: AnalysedText): Candidate[] {
  const candidates: Candidate[] = [];
  for (let first = 0; first < tokens.length; first += 1) {
    const head = tokens[first];
    if (!head) continue;
    // "la tour Eiffel", "the gare du Nord": a generic first word may be lower-case when a later one is not.
    const headCapitalised = isCapitalised(text, head.start);
    let key = '';
    for (let last = first; last < Math.min(tokens.length, first + LONGEST_NAME_TOKENS); last += 1) {
      const tail = tokens[last];
      if (!tail) break;
      key = key === '' ? tail.word : `${key} ${tail.word}`;
      const entry = INDEX.get(key);
      if (!entry || (!headCapitalised && (first === last || !isCapitalised(text, tail.start)))) continue;
      if (first === last && WORDS_AT_SENTENCE_START.has(key) && opensSentence(text, head.start)) continue;
      candidates.push({
        start: head.start,
        end: tail.end,
        type: entry.type,
        country: entry.country,
        canonical: entry.name,
        latitude: entry.latitude,
        longitude: entry.longitude,
        known: true,
      });
    }
  }
  return candidates;
}

// --- patterns: "X Station", "Hotel X", "gare de X", "Alexanderplatz"

const KEYWORD_TYPES: ReadonlyArray<readonly [LocationType, readonly string[]]> = [
  ['station', ['station', 'gare', 'estación', 'estacion', 'bahnhof', 'hbf', 'terminal', 'stazione', 'estação', 'estacao']],
  ['airport', ['airport', 'aéroport', 'aeroport', 'aeropuerto', 'flughafen', 'aeroporto']],
  ['museum', ['museum', 'musée', 'musee', 'museo', 'museu', 'gallery', 'galerie', 'galería', 'galeria', 'galleria']],
  ['hotel', ['hotel', 'hôtel', 'hostel', 'hostal', 'inn', 'resort', 'albergo', 'pousada']],
  ['restaurant', ['restaurant', 'restaurante', 'trattoria', 'brasserie', 'bistro', 'café', 'cafe', 'pizzeria', 'ristorante', 'osteria', 'churrascaria']],
  ['park', ['park', 'parc', 'parque', 'garden', 'gardens', 'jardin', 'jardín', 'garten', 'parco', 'giardino', 'jardim']],
  ['attraction', ['market', 'beach', 'zoo', 'aquarium', 'marché', 'mercado', 'playa', 'plage', 'markt', 'strand', 'mercato', 'spiaggia', 'praia']],
  ['address', ['street', 'avenue', 'road', 'boulevard', 'lane', 'rue', 'calle', 'avenida', 'straße', 'strasse', 'allee', 'gasse', 'viale', 'rua', 'travessa']],
  ['landmark', [
    'cathedral', 'palace', 'bridge', 'tower', 'square', 'castle', 'temple', 'church', 'basilica', 'mosque', 'monument',
    'fountain', 'gate', 'catedral', 'palacio', 'puente', 'torre', 'plaza', 'castillo', 'iglesia', 'cathédrale', 'palais',
    'pont', 'place', 'château', 'église', 'dom', 'kirche', 'schloss', 'brücke', 'turm', 'platz', 'tor', 'basilique',
    'cattedrale', 'duomo', 'palazzo', 'ponte', 'castello', 'chiesa', 'piazza', 'fontana', 'mosteiro', 'igreja', 'palácio',
    'castelo', 'praça', 'capela', 'convento',
  ]],
];
const TYPE_OF_KEYWORD = new Map<string, LocationType>();
for (const [type, keywords] of KEYWORD_TYPES) for (const keyword of keywords) TYPE_OF_KEYWORD.set(keyword, type);
/** Either case for the first letter ("Station", "gare"), the rest as written: names stay capitalised. */
const KEYWORDS = [...TYPE_OF_KEYWORD.keys()]
  .sort((left, right) => right.length - left.length)
  .map((keyword) => `[${keyword[0]?.toUpperCase() ?? ''}${keyword[0] ?? ''}]${keyword.slice(1)}`)
  .join('|');

const CAPITALISED = "\\p{Lu}[\\p{L}'’-]*";
const NAME = `${CAPITALISED}(?:\\s+${CAPITALISED}){0,3}`;
const LINK =
  "(?:de la |de l'|de l’|del |de |du |des |d'|d’|of the |of |von der |von |di |della |dei |degli |dello |do |da |dos |das )?";
/** "Shibuya Station", "Louvre Museum", "Marina Beach": the keyword after the name. */
const KEYWORD_AFTER = new RegExp(`(?<![\\p{L}])(${NAME})\\s+(${KEYWORDS})(?![\\p{L}])`, 'gu');
/** "Hotel Adlon", "gare de Lyon", "museo del Prado", "Flughafen Tegel", "Museum of Modern Art". */
const KEYWORD_BEFORE = new RegExp(`(?<![\\p{L}])(${KEYWORDS})\\s+${LINK}(${NAME})`, 'gu');
/** German compounds: "Alexanderplatz", "Hauptbahnhof", "Kurfürstendamm" is not one but "Friedrichstraße" is. */
const GERMAN_COMPOUND = /(?<![\p{L}])\p{Lu}\p{L}*?(bahnhof|platz|straße|strasse|allee|dom|kirche|markt|brücke|turm|tor|museum|park|schloss)(?![\p{L}])/gu;
const NOT_NAMES = new Set([
  'the', 'a', 'an', 'this', 'that', 'our', 'my', 'your', 'which', 'what', 'where', 'le', 'la', 'les', 'un', 'une', 'des', 'ce',
  'el', 'los', 'las', 'una', 'uno', 'este', 'esta', 'der', 'die', 'das', 'ein', 'eine', 'dieser', 'diese',
  // Capitalised at a sentence's start, these open no name: "Im Museum", "Um café", "O hotel", "Il ristorante".
  'im', 'am', 'zum', 'zur', 'beim', 'vom', 'ins', 'um', 'uma', 'o', 'os', 'as', 'il', 'lo', 'gli', 'i', 'nel', 'nella', 'al', 'no',
  'na', 'em', 'en', 'au', 'aux', 'dans', 'in', 'at', 'to', 'from', 'near', 'questo', 'questa', 'quel', 'quella', 'esse', 'essa',
]);

function patternCandidate(start: number, end: number, keyword: string, name: string, text: string): Candidate | undefined {
  const type = TYPE_OF_KEYWORD.get(keyword.toLowerCase());
  const firstWord = name.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!type || NOT_NAMES.has(firstWord)) return undefined;
  return { start, end, type, country: '', canonical: text.slice(start, end), latitude: '', longitude: '', known: false };
}

function patternCandidates(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of text.matchAll(KEYWORD_AFTER)) {
    let name = match[1] ?? '';
    let start = match.index;
    // "At the Shibuya Station" or "Is the Louvre Museum": drop capitalised function words that open the name.
    while (/^(?:The|At|In|Is|To|From|Near|Our|My|A|An|Where|How)\s+/.test(name)) {
      const dropped = /^\S+\s+/.exec(name)?.[0] ?? '';
      name = name.slice(dropped.length);
      start += dropped.length;
    }
    if (!/^\p{Lu}/u.test(name)) continue;
    const candidate = patternCandidate(start, match.index + match[0].length, match[2] ?? '', name, text);
    if (candidate) candidates.push(candidate);
  }
  for (const match of text.matchAll(KEYWORD_BEFORE)) {
    const keyword = match[1] ?? '';
    const candidate = patternCandidate(match.index, match.index + match[0].length, keyword, match[2] ?? '', text);
    if (candidate) candidates.push(candidate);
  }
  for (const match of text.matchAll(GERMAN_COMPOUND)) {
    const type = TYPE_OF_KEYWORD.get(match[1] ?? '');
    if (!type || match[0].length === (match[1] ?? '').length) continue;
    candidates.push({
      start: match.index,
      end: match.index + match[0].length,
      type,
      country: '',
      canonical: match[0],
      latitude: '',
      longitude: '',
      known: false,
    });
  }
  return candidates;
}

/** The places of each text read, found once however many finders ask. */
const FOUND = new WeakMap<AnalysedText, readonly FoundPlace[]>();

/**
 * The places named in the text: cities, countries, landmarks, airports, stations and museums from the
 * gazetteer (with coordinates), and places written with a keyword ("X Station", "Hotel X", "gare de X").
 * `name` and `originalText` are the words as said; `address` names the gazetteer's place and its country.
 */
export function findPlaces(input: TextInput): readonly FoundPlace[] {
  const analysed = asAnalysed(input);
  const cached = FOUND.get(analysed);
  if (cached) return cached;
  const { text } = analysed;
  const known = gazetteerCandidates(analysed);
  // "aeropuerto de Barajas", "the tour of the Taj Mahal": a known place of the pattern's type is the place.
  const patterns = patternCandidates(text).filter(
    (pattern) => !known.some((place) => place.start >= pattern.start && place.end <= pattern.end && place.type === pattern.type),
  );
  const candidates = [...known, ...patterns].sort(
    (left, right) => right.end - right.start - (left.end - left.start) || Number(right.known) - Number(left.known),
  );
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    if (!kept.some((other) => candidate.start < other.end && other.start < candidate.end)) kept.push(candidate);
  }
  const found = kept
    .sort((left, right) => left.start - right.start)
    .map((candidate) => {
      const said = text.slice(candidate.start, candidate.end);
      const countryName = COUNTRY_ENGLISH.get(candidate.country) ?? '';
      const address = candidate.type === 'country' ? countryName : [candidate.known ? candidate.canonical : '', countryName].filter(Boolean).join(', ');
      return {
        location: {
          originalText: said,
          name: said,
          address,
          type: candidate.type,
          latitude: candidate.latitude,
          longitude: candidate.longitude,
        },
        country: candidate.country,
        start: candidate.start,
        end: candidate.end,
      };
    });
  FOUND.set(analysed, found);
  return found;
}


export function findLocations(input: TextInput): Location[] {
  return findPlaces(input).map((place) => place.location);
}
