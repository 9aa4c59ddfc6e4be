// What travellers say when something is wrong: the rules, with each language's words in its pack (lang/).
// Severity (SPEC §3): high = life may be at risk (not breathing, a breathing attack, heavy bleeding, fire, a
// threat); medium = crime, lost documents or an injury that is not life-threatening (theft, a lost passport, a
// broken bone); low = minor (a small cut, a twisted ankle, a mild illness, a belonging other than documents lost
// rather than stolen).
// Each pattern is a RegExp source matched between word edges, folded (lower case, no accents, ’ written ').
// LEXICON holds phrases; PAIRED_LEXICON (at the end) pairs a term with a word class said near it, so that one
// rule covers a family of wordings ("can't catch his breath", "le duele mucho el pecho", "er krampft").

import { ANALYSIS_LANGUAGES, type AnalysisLanguage } from './language';
import { ANY_LANGUAGE } from './lang/any-language';
import type { EmergencyWordClass, LanguagePack } from './lang/language-pack';
import { LANGUAGE_PACKS } from './lang/packs';

export type EmergencyCategory = 'medical' | 'police' | 'fire' | 'lost-or-stolen' | 'accident' | 'distress';
export type Severity = 'high' | 'medium' | 'low';
/** Patterns per language, and those matched whatever the language ('any'). */
export type Said = Readonly<Record<AnalysisLanguage | 'any', readonly string[]>>;

interface PhraseRule {
  /** The key of this rule's phrases in each language pack. */
  readonly id: string;
  /** The issue as shown on the card's badge. */
  readonly issue: string;
  readonly category: EmergencyCategory;
  readonly severity: Severity;
  /** Said with "very", "a lot", "mucho", "sehr"...: one step more serious. */
  readonly intensified?: Severity;
  /** Said with "a little", "un peu", "leicht"...: less serious. */
  readonly mitigated?: Severity;
  /** A fall or a bump: when the text names the hurt it caused, that hurt says how serious it is. */
  readonly yieldsToInjury?: boolean;
}

export interface LexiconEntry extends PhraseRule {
  readonly said: Said;
}

/** One list of patterns from every language pack, with the patterns matched whatever the language. */
function fromPacks(
  pick: (pack: LanguagePack) => readonly string[],
  any: readonly string[] | undefined,
): Said {
  const said: Partial<Record<AnalysisLanguage | 'any', readonly string[]>> = { any: any ?? [] };
  for (const language of ANALYSIS_LANGUAGES) said[language] = pick(LANGUAGE_PACKS[language]);
  return said as Said;
}

function wordClass(name: EmergencyWordClass): Said {
  return fromPacks((pack) => pack.emergency.wordClasses[name], ANY_LANGUAGE.emergency.wordClasses[name]);
}

const PHRASE_RULES = [
  // --- medical, life-threatening
  { id: 'breathing-difficulty', issue: 'breathing difficulty', category: 'medical', severity: 'high' },
  { id: 'chest-pain', issue: 'chest pain', category: 'medical', severity: 'high' },
  { id: 'unconscious', issue: 'unconscious', category: 'medical', severity: 'high' },
  { id: 'stroke-or-seizure', issue: 'stroke or seizure', category: 'medical', severity: 'high' },
  {
    id: 'severe-allergic-reaction',
    issue: 'severe allergic reaction',
    category: 'medical',
    severity: 'high',
  },
  {
    id: 'heavy-bleeding',
    issue: 'heavy bleeding',
    category: 'medical',
    severity: 'high',
    intensified: 'high',
  },
  { id: 'overdose-or-poisoning', issue: 'overdose or poisoning', category: 'medical', severity: 'high' },
  { id: 'drowning', issue: 'drowning', category: 'medical', severity: 'high' },
  { id: 'medical-emergency', issue: 'medical emergency', category: 'medical', severity: 'high' },
  { id: 'serious-injury', issue: 'serious injury', category: 'accident', severity: 'high' },
  // --- medical, not life-threatening
  { id: 'broken-bone', issue: 'broken bone', category: 'medical', severity: 'medium' },
  { id: 'injury', issue: 'injury', category: 'medical', severity: 'medium', mitigated: 'low' },
  { id: 'minor-injury', issue: 'minor injury', category: 'medical', severity: 'low', intensified: 'medium' },
  {
    id: 'sting-or-bite',
    issue: 'sting or bite',
    category: 'medical',
    severity: 'low',
    intensified: 'medium',
  },
  { id: 'need-a-doctor', issue: 'need a doctor', category: 'medical', severity: 'medium' },
  { id: 'pain', issue: 'pain', category: 'medical', severity: 'low', intensified: 'medium' },
  { id: 'feeling-ill', issue: 'feeling ill', category: 'medical', severity: 'low', intensified: 'medium' },
  // --- police
  { id: 'threat-to-safety', issue: 'threat to safety', category: 'police', severity: 'high' },
  { id: 'missing-person', issue: 'missing person', category: 'police', severity: 'high' },
  { id: 'theft', issue: 'theft', category: 'lost-or-stolen', severity: 'medium' },
  { id: 'police-needed', issue: 'police needed', category: 'police', severity: 'medium' },
  // --- fire and disasters
  { id: 'fire', issue: 'fire', category: 'fire', severity: 'high' },
  { id: 'natural-disaster', issue: 'natural disaster', category: 'fire', severity: 'high' },
  // --- accidents
  { id: 'road-accident', issue: 'road accident', category: 'accident', severity: 'high' },
  { id: 'accident', issue: 'accident', category: 'accident', severity: 'medium', yieldsToInjury: true },
  // --- distress calls
  { id: 'call-for-help', issue: 'call for help', category: 'distress', severity: 'medium' },
] as const satisfies readonly PhraseRule[];

/** The phrase rules' keys: every language pack has a list (maybe empty) for each. */
export type EmergencyPhraseId = (typeof PHRASE_RULES)[number]['id'];

export const LEXICON: readonly LexiconEntry[] = PHRASE_RULES.map((rule) => ({
  ...rule,
  said: fromPacks((pack) => pack.emergency.phrases[rule.id], ANY_LANGUAGE.emergency.phrases[rule.id]),
}));

/** Lost (not stolen) belongings: the verb and the thing may be far apart ("Reisepass in Wien verloren"). */
export const LOSS_VERBS: Said = wordClass('lossVerbs');
/** Identity and travel documents: losing one is medium, as a theft is, not low as other belongings. */
export const DOCUMENTS: Said = wordClass('documents');
export const BELONGINGS: Said = wordClass('belongings');

/** Words before a term that say it is not happening: "no fire", "I don't need a doctor", "pas de fièvre". */
export const NEGATIONS: Said = wordClass('negations');

/** Phrases that contain an alarming word but are not an emergency; removed before matching. */
export const HARMLESS_PHRASES: Said = wordClass('harmlessPhrases');

/**
 * Words that say a sentence tells a story, history or a film, not what is happening now ("a documentary about
 * the Great Fire", "ce film raconte l'incendie"): fires, disasters, crimes and accidents in that sentence are
 * not emergencies. Medical terms and cries for help are kept.
 */
export const STORY_CUES: Said = wordClass('storyCues');

/**
 * Said of a hurt or an illness to say it is minor: "nothing serious", "rien de grave", "nichts Schlimmes". A fall
 * or an injury that the speaker calls nothing serious is low, whatever word named it (a theft stays medium).
 */
export const REASSURANCES: Said = wordClass('reassurances');

/** Said with the symptom: "very", "a lot", "mucho", "sehr"... */
export const INTENSIFIERS: Said = wordClass('intensifiers');
/** Said with the symptom: "mild", "a little", "un peu", "leicht"... */
export const MITIGATORS: Said = wordClass('mitigators');

// --- Word classes that pair with a term in one sentence (PAIRED_LEXICON): each covers a family of wordings that
// one phrase list cannot ("can't catch his breath", "le duele mucho el pecho", "Schmerzen in der Brust").

/** Where a traveller hurts a limb: with a twist, a scrape or a bump (MINOR_HURTS) it is a minor injury. */
export const BODY_PARTS: Said = wordClass('bodyParts');
/** Twists, sprains, scrapes and bumps: with a body part, a minor injury ("scraped her knee", "s'est tordu la cheville"). */
const MINOR_HURTS: Said = wordClass('minorHurts');
/** Broken, fractured, cracked: with a body part, a broken bone ("la pierna rota", "une côte cassée"). */
const BROKEN: Said = wordClass('broken');
/** Blisters, named with a foot or with walking: "une ampoule au pied", "Blasen gelaufen" (never a lamp or bubbles). */
const BLISTERS: Said = wordClass('blisters');
const WALKING: Said = wordClass('walking');
/** The words for breathing: negated or hindered ("can't catch his breath", "respira male"), a breathing emergency. */
const BREATHING: Said = wordClass('breathing');
/** A breath that does not come: said just before the breathing word, or just after it ("respira a fatica"). */
const BREATH_HINDERED: Said = wordClass('breathHindered');
/** Bleeding and blood: with "won't stop" or "gushing" (BLEEDING_UNSTOPPED), heavy bleeding. */
const BLEEDING: Said = wordClass('bleeding');
const BLEEDING_UNSTOPPED: Said = wordClass('bleedingUnstopped');
/** The chest: with a pain, a pressure or a hand clutching it (CHEST_SIGNS), a heart emergency. */
const CHEST: Said = wordClass('chest');
const CHEST_SIGNS: Said = wordClass('chestSigns');
/** Swelling: of the face, tongue, lips or throat (AIRWAY_PARTS), a severe allergic reaction. */
const SWELLING: Said = wordClass('swelling');
const AIRWAY_PARTS: Said = wordClass('airwayParts');
/** Responding, moving, waking: negated just before or after ("won't respond", "ne répond pas"), someone unconscious. */
const RESPONDING: Said = wordClass('responding');
/**
 * Moving: "not moving" said now, or no longer moving ("ne bouge plus", "bewegt sich nicht mehr", "non si muove
 * più"): one who does not like to move ("il ne bouge pas de son canapé", "er bewegt sich nicht gern") is no emergency.
 */
const MOVING: Said = wordClass('moving');
const NO_LONGER: Said = wordClass('noLonger');
const UNRESPONSIVE: Said = wordClass('unresponsive');
/** Things and pets that do not respond or move without anyone being in danger: "the app is not responding", "the train isn't moving". */
const NOT_A_PERSON: Said = wordClass('notAPerson');
/** Someone else taking a belonging (TAKEN_THINGS): "grabbed my bag", "me quitaron la cartera", "mi hanno strappato la borsa". */
const TAKING: Said = wordClass('taking');
/** What a thief takes: the belongings a traveller loses, and jewellery, bags and "my things". */
const TAKEN_THINGS: Said = wordClass('takenThings');
/** Conscious, barely or not (not "awake": "I'm not awake yet" is no emergency): "she's barely conscious", "no está consciente", "nicht ansprechbar". */
const CONSCIOUS: Said = wordClass('conscious');
const BARELY: Said = wordClass('barely');
/** Blue or purple, said with the lips, the face or the fingers: someone short of oxygen ("his lips are turning blue"). */
const CYANOSED: Said = wordClass('cyanosed');
const FACE_AND_LIPS: Said = wordClass('faceAndLips');
/** Falling into water, with a sign of not coming up (NOT_SURFACING): drowning. */
const INTO_WATER: Said = wordClass('intoWater');
const NOT_SURFACING: Said = wordClass('notSurfacing');

/** Two word classes as one: a blister is named with a foot or with walking. */
function mergeSaid(...saids: readonly Said[]): Said {
  const merged: Partial<Record<AnalysisLanguage | 'any', readonly string[]>> = {};
  for (const key of ['any', ...ANALYSIS_LANGUAGES] as const) merged[key] = saids.flatMap((said) => said[key]);
  return merged as Said;
}

/**
 * A term and a cue said in one sentence, the cue at most `reach` characters before or after the term: the rules
 * that cover a family of wordings (any pain with the chest, any hurt with a limb), not one phrase.
 */
export interface PairedEntry {
  readonly issue: string;
  readonly category: EmergencyCategory;
  readonly severity: Severity;
  readonly intensified?: Severity;
  readonly term: Said;
  readonly cue: Said;
  readonly reach: { readonly before: number; readonly after: number };
  /** The cue is itself a negation ("not breathing"): a negation before the term does not cancel it. */
  readonly negationIsCue?: boolean;
  /** Words that, said in the sentence, show the term is about a thing, not a person. */
  readonly unless?: Said;
}

/** Smoke, said in English with where it comes from or how much: "smoke pouring out of the kitchen". */
const SMOKE: Said = wordClass('smoke');
const SMOKE_SPREADING: Said = wordClass('smokeSpreading');

export const PAIRED_LEXICON: readonly PairedEntry[] = [
  {
    issue: 'unconscious',
    category: 'medical',
    severity: 'high',
    term: CONSCIOUS,
    cue: BARELY,
    reach: { before: 14, after: 0 },
    negationIsCue: true,
  },
  {
    issue: 'breathing difficulty',
    category: 'medical',
    severity: 'high',
    term: CYANOSED,
    cue: FACE_AND_LIPS,
    reach: { before: 30, after: 30 },
  },
  {
    issue: 'fire',
    category: 'fire',
    severity: 'high',
    term: SMOKE,
    cue: SMOKE_SPREADING,
    reach: { before: 20, after: 20 },
  },
  {
    issue: 'breathing difficulty',
    category: 'medical',
    severity: 'high',
    term: BREATHING,
    cue: BREATH_HINDERED,
    reach: { before: 24, after: 16 },
    negationIsCue: true,
  },
  {
    issue: 'heavy bleeding',
    category: 'medical',
    severity: 'high',
    term: BLEEDING,
    cue: BLEEDING_UNSTOPPED,
    reach: { before: 40, after: 40 },
    negationIsCue: true,
  },
  {
    issue: 'chest pain',
    category: 'medical',
    severity: 'high',
    term: CHEST,
    cue: CHEST_SIGNS,
    reach: { before: 30, after: 30 },
  },
  {
    issue: 'severe allergic reaction',
    category: 'medical',
    severity: 'high',
    term: SWELLING,
    cue: AIRWAY_PARTS,
    reach: { before: 30, after: 30 },
  },
  {
    issue: 'unconscious',
    category: 'medical',
    severity: 'high',
    term: RESPONDING,
    cue: UNRESPONSIVE,
    reach: { before: 8, after: 8 },
    negationIsCue: true,
    unless: NOT_A_PERSON,
  },
  {
    issue: 'unconscious',
    category: 'medical',
    severity: 'high',
    term: MOVING,
    cue: NO_LONGER,
    reach: { before: 12, after: 12 },
    negationIsCue: true,
    unless: NOT_A_PERSON,
  },
  {
    issue: 'drowning',
    category: 'medical',
    severity: 'high',
    term: INTO_WATER,
    cue: NOT_SURFACING,
    reach: { before: 60, after: 60 },
  },
  {
    issue: 'theft',
    category: 'lost-or-stolen',
    severity: 'medium',
    term: TAKING,
    cue: TAKEN_THINGS,
    reach: { before: 40, after: 40 },
  },
  {
    issue: 'broken bone',
    category: 'medical',
    severity: 'medium',
    term: BROKEN,
    cue: BODY_PARTS,
    reach: { before: 30, after: 30 },
  },
  {
    issue: 'minor injury',
    category: 'medical',
    severity: 'low',
    intensified: 'medium',
    term: MINOR_HURTS,
    cue: BODY_PARTS,
    reach: { before: 20, after: 30 },
  },
  {
    issue: 'minor injury',
    category: 'medical',
    severity: 'low',
    term: BLISTERS,
    cue: mergeSaid(BODY_PARTS, WALKING),
    reach: { before: 30, after: 30 },
  },
];

/**
 * Words that say an injury is a player's, in a match the speaker watched: "their striker got injured", "notre
 * gardien s'est blessé". Hurts short of life-threatening, and falls, said in that sentence are not emergencies,
 * and neither is a fire ("their striker is on fire", "el delantero está que arde").
 */
export const SPORTS_CUES: Said = wordClass('sportsCues');
/**
 * Hot food and the mouth ("this hot sauce is fire", "j'ai la bouche en feu", "mein Mund brennt"), a performer or a
 * crowd ("the drummer is on fire", "ce DJ a mis le feu"), a festival of fires ("el humo de las fallas"), food cooked
 * over a fire or smoked, as a menu says it ("pizzas cuites au feu de bois", "sabor a humo", "forno a legna",
 * "Lachs mit Rauch aus Buchenholz"): a fire said in that sentence is a figure of speech, a show or a dish. Only
 * cooking words that an alarm would not use: "grill" or "fume" alone are not cues ("the grill caught fire").
 */
export const FIGURATIVE_FIRE_CUES: Said = wordClass('figurativeFireCues');
