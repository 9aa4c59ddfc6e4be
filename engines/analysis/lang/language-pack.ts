import type { LocationType } from '@wayfarer/shared/api/analysis';
import type { CurrencyFamily } from '../currency-lexicon';
import type { EmergencyPhraseId } from '../emergency-lexicon';

/**
 * One language's words for the analyser, folded (lower case, no accents, ’ written ') unless a field says
 * otherwise; emergency words are RegExp sources matched between word edges. Every field is required
 * and every record is keyed by a closed list, so a language that lacks an entry does not compile: a list the
 * language has no words for is written empty. The rules that read them live in engines/analysis/*.ts.
 */
export interface LanguagePack {
  /** The language's ISO 639-3 code, as franc-min names it when it guesses the language (language.ts). */
  readonly iso639_3: string;
  /** Spelled-out numbers as people say prices (number-words.ts). */
  readonly numbers: NumberWords;
  /** Currency names as said in this language (currency-lexicon.ts; CLDR's names are added to them). */
  readonly currencies: CurrencyWords;
  /** Words around amounts that make them prices or not (price-extractor.ts). */
  readonly prices: PriceWords;
  /** Words that find places (place-finder.ts). */
  readonly places: PlaceWords;
  /** What travellers say when something is wrong (emergency-lexicon.ts). */
  readonly emergency: EmergencyWords;
}

type Words = readonly string[];

export interface CurrencyWords {
  /** Minor units that may follow a whole amount: "dix euros cinquante (centimes)", "5 dollars and 50 cents". */
  readonly minorUnits: Words;
  /**
   * Currency words and phrases, folded, with what they name: an ISO 4217 code names one currency ("euros":
   * 'EUR'), a family name a family the country the text is about settles ("dollars": 'dollar'). Local forms
   * CLDR gives only with the country's adjective belong here too: "dieci franchi", "seis eslotis".
   */
  readonly words: Readonly<Record<string, CurrencyFamily | Uppercase<string>>>;
}

export interface PriceWords {
  /** Words after a bare number that make it a count, a size or a time rather than a price ("3 nights"). */
  readonly notMoneyAfter: Words;
  /** Words before a bare number that make it a bus, a room, a gate, a flight or a time ("Gleis 9", "às 9"). */
  readonly notMoneyBefore: Words;
  /** Words that may follow an amount of a list whose currency is said once ("6, steak 24 and dessert 8 euros"). */
  readonly listFollowers: Words;
  /** Prepositions of a place named after the last amount of a list ("and the beer 200 in Goa"). */
  readonly placeFollowers: Words;
  /** Words for an item priced on top of the one before ("das Frühstück 12 extra"). */
  readonly extraFollowers: Words;
  /** What joins the items of a priced list ("20 soles y el taxi ocho"). */
  readonly listJoiners: Words;
  /** Words between two amounts that make them a range or alternatives ("10 or 12", "10 bis 12"). */
  readonly orConnectors: Words;
  /** Words that may sit between a price and a cheaper or dearer alternative ("18 euros each, or 16 online"). */
  readonly gapFillers: Words;
}

/** The place types a keyword names: "X Station", "gare de X", "Hotel X", "museo del X". */
export type PlaceKeywordType = Extract<
  LocationType,
  | 'station'
  | 'airport'
  | 'museum'
  | 'hotel'
  | 'restaurant'
  | 'park'
  | 'attraction'
  | 'address'
  | 'region'
  | 'landmark'
>;

export interface PlaceWords {
  /** Prepositions of place, folded: a capitalised name after one is read as a place ("in Trastevere"). */
  readonly prepositions: Words;
  /** Prepositions that are other words when they open a sentence: "A SIM card", "No Smoking". */
  readonly notPrepositionsAtStart: Words;
  /** Articles a place's name may follow: "the Louvre", "le Marais", "o Chiado". */
  readonly articles: Words;
  /** Short links inside a name, before a capitalised word: "Cais do Sodré", "Sentiero degli Dei". */
  readonly innerLinks: Words;
  /** "de" and its contractions with an article: "près des Invalides", "cerca del Retiro", "perto da Sé". */
  readonly deForms: Words;
  /** After a way, only "de" and its singular forms name where it starts: "le taxi d'Orly". */
  readonly singularDe: Words;
  /** "near" written with "de" after it: "près de", "cerca de", "perto de". */
  readonly beforeDe: Words;
  /** "as far as", glued to its article: "jusqu'au Marais". */
  readonly upTo: Words;
  /** Words that open no name even when capitalised: articles, demonstratives, prepositions with their article. */
  readonly notNames: Words;
  /** Verbs of visiting: the name after them is a place seen ("visitamos el Albaicín"). */
  readonly visitWords: Words;
  /** A way, a ride or a distance before "de": it names where the way starts ("à dix kilomètres de Rennes"). */
  readonly wayBeforeDe: Words;
  /** Going, a way or a ticket: "to" said after one of these names a place, not a person. */
  readonly towardsWords: Words;
  /** With the going words but "got": "from" after one of these names where a way starts. */
  readonly fromWords: Words;
  /** Titles and family words that open a person's name: "to Dr Smith", "with Mum". */
  readonly personWords: Words;
  /** Place names that are also common words: not a place when they open a sentence ("Nice to meet you"). */
  readonly commonWordsAtSentenceStart: Words;
  /** Determiners before which a capitalised word is a common noun ("seit dem Essen"), not a city (German capitalises nouns). */
  readonly nounDeterminers: Words;
  /** The determiners of those a country's name never takes ("die Schweiz", never "das Schweiz"). */
  readonly neuterDeterminers: Words;
  /** Capitalised words after a preposition that open no place: nouns in set phrases ("nach Hause"), feasts ("à Noël"). */
  readonly notPlacesAfterPreposition: Words;
  /** Keywords written before or after a place's name, as written (first letter matched in either case). */
  readonly keywords: Readonly<Record<PlaceKeywordType, Words>>;
}

export interface NumberWords {
  /** Words with a value of their own (below a hundred, and the hundreds written as one word). */
  readonly values: Readonly<Record<string, number>>;
  readonly hundred: Words;
  readonly thousand: Words;
  readonly million: Words;
  /** Joiners inside a spelled number: "one hundred and five", "vingt et un", "treinta y dos". */
  readonly joiners: Words;
  /** "a hundred", "a thousand": the article counts as one only before a multiplier. */
  readonly articles: Words;
  /** Values read only inside a number written as one word (Italian tens: "ventidue", "trentotto"). */
  readonly compoundParts: Readonly<Record<string, number>>;
}

/** The word classes the emergency rules pair and test: each is the same-named constant in emergency-lexicon.ts. */
export interface EmergencyWordClasses {
  readonly lossVerbs: Words;
  readonly documents: Words;
  readonly belongings: Words;
  readonly negations: Words;
  readonly harmlessPhrases: Words;
  readonly storyCues: Words;
  readonly reassurances: Words;
  readonly intensifiers: Words;
  readonly mitigators: Words;
  readonly bodyParts: Words;
  readonly minorHurts: Words;
  readonly broken: Words;
  readonly blisters: Words;
  readonly walking: Words;
  readonly breathing: Words;
  readonly breathHindered: Words;
  readonly bleeding: Words;
  readonly bleedingUnstopped: Words;
  readonly chest: Words;
  readonly chestSigns: Words;
  readonly swelling: Words;
  readonly airwayParts: Words;
  readonly responding: Words;
  readonly moving: Words;
  readonly noLonger: Words;
  readonly unresponsive: Words;
  readonly notAPerson: Words;
  readonly taking: Words;
  readonly takenThings: Words;
  readonly conscious: Words;
  readonly barely: Words;
  readonly cyanosed: Words;
  readonly faceAndLips: Words;
  readonly intoWater: Words;
  readonly notSurfacing: Words;
  readonly smoke: Words;
  readonly smokeSpreading: Words;
  readonly sportsCues: Words;
  readonly figurativeFireCues: Words;
}
export type EmergencyWordClass = keyof EmergencyWordClasses;

export interface EmergencyWords {
  /** RegExp sources for each phrase rule of emergency-lexicon.ts (LEXICON). */
  readonly phrases: Readonly<Record<EmergencyPhraseId, Words>>;
  readonly wordClasses: EmergencyWordClasses;
}

/** Patterns matched whatever the language (words several languages share), for the rules that have some. */
export interface AnyLanguageWords {
  readonly emergency: {
    readonly phrases: Readonly<Partial<Record<EmergencyPhraseId, Words>>>;
    readonly wordClasses: Readonly<Partial<EmergencyWordClasses>>;
  };
}
