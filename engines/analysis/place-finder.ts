import type { Location, LocationType } from '@wayfarer/shared/api/analysis';
import { LANGUAGE_CODES } from '@wayfarer/shared/domain/languages';
import { COUNTRY_NAMES } from './country-names';
import { CURRENCY_PHRASES } from './currency-names';
import { CITIES, CURATED_PLACES, HOTEL_BRANDS, type GazetteerEntry } from './gazetteer';
import { ANALYSIS_LANGUAGES } from './language';
import type { PlaceKeywordType } from './lang/language-pack';
import { inEveryLanguage, LANGUAGE_PACKS } from './lang/packs';
import { asAnalysed, type AnalysedText, type TextInput, type Token } from './analysed-text';
import { foldText, matchesOf } from './text-fold';

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
/** A gazetteer name of this many words or more is found in lower case too ("the statue of liberty"). */
const LOWER_CASE_NAME_TOKENS = 3;

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
  const entry: GazetteerEntry = {
    name: country.name,
    type: 'country',
    country: country.code,
    latitude: '',
    longitude: '',
  };
  // Only names written like names: "america" or "usa" lower-cased in a sentence are not reliable.
  index(
    entry,
    country.names.filter((name) => !/[.]/.test(name)),
  );
}
for (const brand of HOTEL_BRANDS)
  index({ name: brand, type: 'hotel', country: '', latitude: '', longitude: '' }, [brand]);

/** Place names that are also common words: not a place when they open a sentence ("Nice to meet you"). */
const WORDS_AT_SENTENCE_START: ReadonlySet<string> = new Set(
  inEveryLanguage((pack) => pack.places.commonWordsAtSentenceStart),
);

function isCapitalised(text: string, at: number): boolean {
  const first = text[at] ?? '';
  return first !== first.toLowerCase() || /\p{N}/u.test(first);
}

function opensSentence(text: string, at: number): boolean {
  return /(?:^|[.!?¿¡]\s*)$/u.test(text.slice(Math.max(0, at - 3), at)) || text.slice(0, at).trim() === '';
}

/** French and Italian elided articles and prepositions glued to a name: "d'Orly", "l'Alhambra", "dell'Accademia". */
const ELIDED = /^(?:d|l|qu|jusqu|dell|all|nell|dall|sull|coll)'/;
/**
 * German determiners: a capitalised word after one is a common noun ("seit dem Essen", "das Chili"), not the
 * city of that name; a country takes only a few ("die Schweiz", "der Iran"), never "das" or "ein".
 */
const GERMAN_DETERMINERS: ReadonlySet<string> = new Set(
  inEveryLanguage((pack) => pack.places.nounDeterminers),
);
const GERMAN_NEUTER_DETERMINERS: ReadonlySet<string> = new Set(
  inEveryLanguage((pack) => pack.places.neuterDeterminers),
);

function saidAsGermanNoun(
  text: string,
  previous: Token | undefined,
  head: Token,
  type: LocationType,
): boolean {
  if (!previous || !/^\s+$/.test(text.slice(previous.end, head.start))) return false;
  if (type === 'city') return GERMAN_DETERMINERS.has(previous.word);
  return type === 'country' && GERMAN_NEUTER_DETERMINERS.has(previous.word);
}

function gazetteerCandidates({ text, tokens }: AnalysedText): Candidate[] {
  const candidates: Candidate[] = [];
  for (let first = 0; first < tokens.length; first += 1) {
    const head = tokens[first];
    if (!head) continue;
    const elided = ELIDED.exec(head.word)?.[0].length ?? 0;
    // "dell'Aquila" names L'Aquila: an Italian preposition glued to "l'" keeps the article the name starts with.
    const keepsArticle = /^(?:dell|all|nell|dall|sull|coll)'/.test(head.word);
    for (const skipped of elided === 0 ? [0] : keepsArticle ? [0, elided, elided - 2] : [0, elided]) {
      const start = head.start + skipped;
      // "la tour Eiffel", "the gare du Nord": a generic first word may be lower-case when a later one is not.
      const headCapitalised = isCapitalised(text, skipped > 0 ? head.start + elided : start);
      let key = '';
      for (let last = first; last < Math.min(tokens.length, first + LONGEST_NAME_TOKENS); last += 1) {
        const tail = tokens[last];
        if (!tail) break;
        const word = last === first ? tail.word.slice(skipped) : tail.word;
        key = key === '' ? word : `${key} ${word}`;
        const entry = INDEX.get(key);
        if (!entry) continue;
        // A name of three words or more is a name in any case: a recogniser may write "the empire state
        // building" in lower case, and so few common phrases match one ("opera house", "gran vía" still need
        // a capital).
        const longName = last - first >= LOWER_CASE_NAME_TOKENS - 1;
        if (!headCapitalised && !longName && (first === last || !isCapitalised(text, tail.start))) continue;
        if (first === last && WORDS_AT_SENTENCE_START.has(key) && opensSentence(text, start)) continue;
        if (saidAsGermanNoun(text, tokens[first - 1], head, entry.type)) continue;
        candidates.push(knownCandidate(start, tail.end, entry));
      }
    }
  }
  return candidates;
}

function knownCandidate(start: number, end: number, entry: GazetteerEntry): Candidate {
  return {
    start,
    end,
    type: entry.type,
    country: entry.country,
    canonical: entry.name,
    latitude: entry.latitude,
    longitude: entry.longitude,
    known: true,
  };
}

// --- patterns: "X Station", "Hotel X", "gare de X", "Alexanderplatz"

/** Each keyword's place type, from every language's pack. */
const TYPE_OF_KEYWORD = new Map<string, LocationType>();
for (const language of ANALYSIS_LANGUAGES)
  for (const [type, keywords] of Object.entries(LANGUAGE_PACKS[language].places.keywords))
    for (const keyword of keywords) TYPE_OF_KEYWORD.set(keyword, type as PlaceKeywordType);
/** Either case for the first letter ("Station", "gare"), the rest as written: names stay capitalised. */
const KEYWORDS = [...TYPE_OF_KEYWORD.keys()]
  .sort((left, right) => right.length - left.length)
  .map((keyword) => `[${keyword[0]?.toUpperCase() ?? ''}${keyword[0] ?? ''}]${keyword.slice(1)}`)
  .join('|');

const CAPITALISED = "\\p{Lu}[\\p{L}'’-]*";
const NAME = `${CAPITALISED}(?:\\s+${CAPITALISED}){0,3}`;
/** Inside a name, a short link before a capitalised word: "Cais do Sodré", "Sentiero degli Dei". */
const INNER_LINK = '(?:do|da|dos|das|del|di|dei|degli|della|delle|du|des)';
const LINKED_NAME = `${CAPITALISED}(?:\\s+(?:${INNER_LINK}\\s+)?${CAPITALISED}){0,3}`;
/** A name ends at a word's end: "gate E7" names no gate "E". */
const NAME_END = '(?![\\p{L}\\p{N}])';
const LINK =
  "(?:de la |de l'|de l’|del |de |du |des |d'|d’|of the |of |von der |von |di |della |dei |degli |dello |do |da |dos |das )?";
/** "Shibuya Station", "Louvre Museum", "Marina Beach": the keyword after the name. */
const KEYWORD_AFTER = new RegExp(`(?<![\\p{L}])(${NAME})\\s+(${KEYWORDS})(?![\\p{L}])`, 'gu');
/** "Hotel Adlon", "gare de Lyon", "museo del Prado", "Flughafen Tegel", "Museum of Modern Art". */
const KEYWORD_BEFORE = new RegExp(`(?<![\\p{L}])(${KEYWORDS})\\s+${LINK}(${LINKED_NAME})${NAME_END}`, 'gu');
/** German compounds: "Alexanderplatz", "Hauptbahnhof", "Kurfürstendamm" is not one but "Friedrichstraße" is. */
const GERMAN_COMPOUND =
  /(?<![\p{L}])\p{Lu}\p{L}*?(bahnhof|platz|straße|strasse|gasse|allee|damm|dom|kirche|markt|brücke|turm|tor|museum|park|schloss|see|wald|gebirge|spitze)(?![\p{L}])/gu;
/** Compound endings that name a place only inside one word ("Königssee", "Tegernsee"): "see" alone is English. */
const COMPOUND_ONLY_TYPES = new Map<string, LocationType>([
  ['see', 'landmark'],
  ['wald', 'region'],
  ['gebirge', 'region'],
  ['spitze', 'landmark'],
  ['damm', 'address'],
]);
/** A German place adjective before a compound: "Frankfurter Hauptbahnhof", "Münchner Hauptbahnhof". */
const GERMAN_PLACE_ADJECTIVE = /(?<![\p{L}])\p{Lu}\p{L}+er\s+$/u;
const NOT_NAMES: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.notNames));

function patternCandidate(
  start: number,
  end: number,
  keyword: string,
  name: string,
  text: string,
): Candidate | undefined {
  const type = TYPE_OF_KEYWORD.get(keyword.toLowerCase());
  const firstWord = name.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!type || NOT_NAMES.has(firstWord)) return undefined;
  return {
    start,
    end,
    type,
    country: '',
    canonical: text.slice(start, end),
    latitude: '',
    longitude: '',
    known: false,
  };
}

const LINKED_WORD = new RegExp(`\\s+${INNER_LINK}\\s+(${CAPITALISED})`, 'gu');

/** "Hotel Lisboa do Porto": a linked name stops before a known city or country, which is a place of its own. */
function beforeKnownCity(name: string): string {
  if (!name.includes(' ')) return name;
  for (const match of matchesOf(LINKED_WORD, name)) {
    const type = INDEX.get(nameKey(match[1] ?? ''))?.type;
    if (type === 'city' || type === 'country') return name.slice(0, match.index);
  }
  return name;
}

// --- names after a preposition of place: "in Trastevere", "dans le Marais", "perto de Leiria", "a Murano"

/**
 * Prepositions of place, folded ("à" is "a", "até" is "ate"); "de" only after "près", "cerca", "perto". German
 * only "in" and "nach", bare ("in Kreuzberg"): its articles open common nouns ("in der Nähe"), and "bei" and
 * "aus" open idioms more often than places ("bei Freunden", "aus Versehen").
 */
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.prepositions));
const BEFORE_DE: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.beforeDe));
/**
 * "de" names where a way starts after a way, a ride or a distance: "le taxi d'Orly", "à dix kilomètres de Rennes",
 * "o Uber do Galeão", "a partir do Cais do Sodré".
 */
const WAY_BEFORE_DE: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.wayBeforeDe));
/** After a way, only "de" and its singular forms: "über das" is German, "taxi dos amigos" a person's. */
const SINGULAR_DE: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.singularDe));
/** "jusqu'au Marais", "jusqu'à Nice": French "as far as", glued to its article. */
const UP_TO: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.upTo));
/** Verbs of visiting: the name after them is a place seen ("visité le Vieux-Port", "visitamos el Albaicín"). */
const VISIT_WORDS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.visitWords));
/** "de" and its contractions with an article: "près des Invalides", "cerca del Retiro", "perto da Sé". */
const DE_FORMS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.deForms));
const PLACE_ARTICLES: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.articles));
const INNER_LINKS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.innerLinks));
const LONGEST_NAME_WORDS = 4;
/** Months, weekdays and language names are read from CLDR in every analysis language. */
const LOCALES = ANALYSIS_LANGUAGES;
/**
 * Capitalised words after a preposition that open no place's name: months and weekdays (CLDR through Intl),
 * currencies, German nouns said after a bare preposition ("nach Hause", "in Ordnung"), feasts.
 */
const NOT_PLACES_AFTER_PREPOSITION: ReadonlySet<string> = new Set(
  [
    ...LOCALES.flatMap((locale) => {
      const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
      const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
      return [
        ...Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2024, index, 15))),
        ...Array.from({ length: 7 }, (_, index) => weekday.format(Date.UTC(2024, 0, 1 + index))),
      ];
    }),
    ...[...CURRENCY_PHRASES.keys()].filter((key) => !key.includes(' ')),
    ...inEveryLanguage((pack) => pack.places.notPlacesAfterPreposition),
  ].map((word) => nameKey(word)),
);
/** Language names (CLDR through Intl): "in English" is a language, "at the Spanish Steps" a place. */
const LANGUAGE_NAMES: ReadonlySet<string> = new Set(
  LOCALES.flatMap((locale) => {
    const languages = new Intl.DisplayNames(locale, { type: 'language' });
    return LANGUAGE_CODES.map((code) => nameKey(languages.of(code) ?? ''));
  }),
);

/**
 * "to" names a person as often as a place ("talk to John"): it names a place after going, a way or a ticket
 * ("the ferry from Piraeus to Naxos", "we drove to Big Sur"), said within the three words before it.
 */
const TOWARDS_WORDS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.towardsWords));
/** Titles and family words that open a person's name, not a place's: "to Dr Smith", "with Mum". */
const PERSON_WORDS: ReadonlySet<string> = new Set(inEveryLanguage((pack) => pack.places.personWords));
/** Prepositions that are other words when they open a sentence: "A SIM card", "No Smoking", "To Be Continued". */
const NOT_PREPOSITIONS_AT_START: ReadonlySet<string> = new Set(
  inEveryLanguage((pack) => pack.places.notPrepositionsAtStart),
);

/** "from" names where a way starts ("far from", "the train from", "from X to Y"), or whom a message came from. */
const FROM_WORDS: ReadonlySet<string> = new Set([
  ...[...TOWARDS_WORDS].filter((word) => word !== 'got'),
  ...inEveryLanguage((pack) => pack.places.fromWords),
]);

function saidOfAWay(text: string, at: number, words: ReadonlySet<string>): boolean {
  const before =
    text
      .slice(Math.max(0, at - 40), at)
      .split(/[.!?;]/)
      .at(-1) ?? '';
  const said = before.toLowerCase().match(/\p{L}+/gu) ?? [];
  return said.slice(-3).some((word) => words.has(word)) || /\bfrom\s+\p{Lu}/u.test(before);
}

function fromAPlace(text: string, at: number): boolean {
  const after = text.slice(at).split(/[.!?;]/)[0] ?? '';
  return saidOfAWay(text, at, FROM_WORDS) || /\s(?:to|into)\s+(?:the\s+)?\p{Lu}/u.test(after);
}

function isNameWord(text: string, token: { readonly start: number; readonly word: string }): boolean {
  const first = text[token.start] ?? '';
  return first !== first.toLowerCase() && !/\d/.test(token.word);
}

/** The name said after token `from`: capitalised words, linked by "do", "degli"..., with nothing but spaces between. */
function nameAfter(
  { text, tokens }: AnalysedText,
  from: number,
): { readonly start: number; readonly end: number } | undefined {
  const spaced = (left: number, right: number): boolean =>
    /^\s+$/.test(text.slice(tokens[left]?.end ?? 0, tokens[right]?.start ?? 0));
  let index = from;
  let head = tokens[index];
  if (!head) return undefined;
  let start = head.start;
  // "dans le Marais", "sul Sentiero": a lower-case article; "à l'Estaque": one glued to the name.
  if (PLACE_ARTICLES.has(head.word) && !isNameWord(text, head) && spaced(index, index + 1)) {
    index += 1;
    head = tokens[index];
    if (!head) return undefined;
    start = head.start;
  } else if (head.word.startsWith("l'") && /\p{Lu}/u.test(text[head.start + 2] ?? '')) {
    start = head.start + 2;
  }
  if (!head || (start === head.start && !isNameWord(text, head))) return undefined;
  let last = index;
  let words = 1;
  while (words < LONGEST_NAME_WORDS) {
    const next = tokens[last + 1];
    if (next && spaced(last, last + 1) && isNameWord(text, next)) {
      last += 1;
    } else if (
      next &&
      INNER_LINKS.has(next.word) &&
      spaced(last, last + 1) &&
      spaced(last + 1, last + 2) &&
      tokens[last + 2] &&
      isNameWord(text, tokens[last + 2]!)
    ) {
      last += 2;
    } else break;
    words += 1;
  }
  const end = tokens[last]?.end ?? start;
  // "in Room 12", "at Gate 5": a number after the words makes them a room or a gate.
  if (/^\s*\d/.test(text.slice(end))) return undefined;
  return { start, end };
}

function prepositionCandidates(analysed: AnalysedText): Candidate[] {
  const { text, tokens } = analysed;
  const candidates: Candidate[] = [];
  for (const [index, token] of tokens.entries()) {
    const previous = tokens[index - 1]?.word ?? '';
    const pairsWithDe =
      DE_FORMS.has(token.word) &&
      (BEFORE_DE.has(previous) || (WAY_BEFORE_DE.has(previous) && SINGULAR_DE.has(token.word)));
    const visited = VISIT_WORDS.has(token.word);
    if (!pairsWithDe && !visited && !UP_TO.has(token.word) && !PLACE_PREPOSITIONS.has(token.word)) continue;
    if (!/^\s+$/.test(text.slice(token.end, tokens[index + 1]?.start ?? token.end))) continue;
    const preposition = token.word;
    if (NOT_PREPOSITIONS_AT_START.has(preposition) && opensSentence(text, token.start)) continue;
    if (preposition === 'to' && !saidOfAWay(text, token.start, TOWARDS_WORDS)) continue;
    if (preposition === 'from' && !fromAPlace(text, token.start)) continue;
    const said = nameAfter(analysed, index + 1);
    if (!said) continue;
    const name = beforeKnownCity(text.slice(said.start, said.end));
    const firstWord = name.split(/\s+/)[0] ?? '';
    const firstKey = nameKey(firstWord);
    const language = !name.includes(' ') && LANGUAGE_NAMES.has(firstKey);
    // "en La Latina", "dans Le Marais": a capitalised article opens a name of several words.
    const openedByArticle = PLACE_ARTICLES.has(firstKey) && name.includes(' ');
    if (
      name.length < 2 ||
      (NOT_NAMES.has(firstKey) && !openedByArticle) ||
      NOT_PLACES_AFTER_PREPOSITION.has(firstKey) ||
      language ||
      PERSON_WORDS.has(firstKey)
    )
      continue;
    // "a SIM card", "at the ATM": a short word in capitals is an acronym; the gazetteer knows JFK and NYC.
    if (firstWord.length <= 4 && firstWord === firstWord.toUpperCase()) continue;
    // A keyword opens a name the keyword patterns read better ("in Terminal 2", "at Hotel Adlon").
    if (TYPE_OF_KEYWORD.has(firstKey) || TYPE_OF_KEYWORD.has(name.split(/\s+/)[0]?.toLowerCase() ?? ''))
      continue;
    candidates.push({
      start: said.start,
      end: said.start + name.length,
      type: visited ? 'landmark' : 'city',
      country: '',
      canonical: name,
      latitude: '',
      longitude: '',
      known: false,
    });
  }
  return candidates;
}

/** Folded keywords: a text none of whose words is one has no "X Station" or "gare de X" to look for. */
const FOLDED_KEYWORDS = new Set([...TYPE_OF_KEYWORD.keys()].map((keyword) => foldText(keyword)));

function saysAKeyword({ tokens }: AnalysedText): boolean {
  return tokens.some(
    (token) =>
      FOLDED_KEYWORDS.has(token.word) || token.word.split(/['-]/).some((part) => FOLDED_KEYWORDS.has(part)),
  );
}

function patternCandidates(analysed: AnalysedText): Candidate[] {
  const { text } = analysed;
  const candidates: Candidate[] = [];
  if (!saysAKeyword(analysed)) return germanCompoundCandidates(text, candidates);
  for (const match of matchesOf(KEYWORD_AFTER, text)) {
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
  for (const match of matchesOf(KEYWORD_BEFORE, text)) {
    const keyword = match[1] ?? '';
    const name = beforeKnownCity(match[2] ?? '');
    const end = match.index + match[0].length - ((match[2] ?? '').length - name.length);
    const candidate = patternCandidate(match.index, end, keyword, name, text);
    if (candidate) candidates.push(candidate);
  }
  return germanCompoundCandidates(text, candidates);
}

function germanCompoundCandidates(text: string, candidates: Candidate[]): Candidate[] {
  for (const match of matchesOf(GERMAN_COMPOUND, text)) {
    const type = TYPE_OF_KEYWORD.get(match[1] ?? '') ?? COMPOUND_ONLY_TYPES.get(match[1] ?? '');
    if (!type || match[0].length === (match[1] ?? '').length) continue;
    const adjective =
      GERMAN_PLACE_ADJECTIVE.exec(text.slice(Math.max(0, match.index - 30), match.index))?.[0] ?? '';
    const start = match.index - adjective.length;
    candidates.push({
      start,
      end: match.index + match[0].length,
      type,
      country: '',
      canonical: text.slice(start, match.index + match[0].length),
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
  const patterns = patternCandidates(analysed).filter(
    (pattern) =>
      !known.some(
        (place) => place.start >= pattern.start && place.end <= pattern.end && place.type === pattern.type,
      ),
  );
  // A name after a preposition is a place only where nothing better read it.
  const afterPrepositions = prepositionCandidates(analysed).filter(
    (named) => ![...known, ...patterns].some((other) => named.start < other.end && other.start < named.end),
  );
  const candidates = [...known, ...patterns, ...afterPrepositions].sort(
    (left, right) =>
      right.end - right.start - (left.end - left.start) || Number(right.known) - Number(left.known),
  );
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    if (!kept.some((other) => candidate.start < other.end && other.start < candidate.end))
      kept.push(candidate);
  }
  const found = kept
    .sort((left, right) => left.start - right.start)
    .map((candidate) => {
      const said = text.slice(candidate.start, candidate.end);
      const countryName = COUNTRY_ENGLISH.get(candidate.country) ?? '';
      const address =
        candidate.type === 'country'
          ? countryName
          : [candidate.known ? candidate.canonical : '', countryName].filter(Boolean).join(', ');
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
