import type { EmergencyResult } from '@wayfarer/shared/api/analysis';
import { emergencyContactsFor, medicalFacilitySearches } from '@wayfarer/lambdas/domain/emergency-contacts';
import {
  BELONGINGS,
  DOCUMENTS,
  HARMLESS_PHRASES,
  INTENSIFIERS,
  LEXICON,
  LOSS_VERBS,
  MITIGATORS,
  NEGATIONS,
  PAIRED_LEXICON,
  REASSURANCES,
  FIGURATIVE_FIRE_CUES,
  SPORTS_CUES,
  STORY_CUES,
  type EmergencyCategory,
  type LexiconEntry,
  type PairedEntry,
  type Said,
  type Severity,
} from './emergency-lexicon';
import { asAnalysed, type TextInput } from './analysed-text';
import type { AnalysisLanguage } from './language';
import { countryOfText } from './text-country';
import { WORD_END, WORD_START, matchesOf } from './text-fold';

const bounded = (alternatives: readonly string[]): string =>
  `${WORD_START}(?:${alternatives.join('|')})${WORD_END}`;

/** The patterns said in these languages, and those said in any. */
const inLanguages = (said: Said, languages: readonly AnalysisLanguage[]): string[] => [
  ...(said.any ?? []),
  ...languages.flatMap((language) => said[language] ?? []),
];

interface CompiledPair {
  readonly entry: PairedEntry;
  readonly cue: RegExp;
  readonly unless?: RegExp;
}

interface Rules {
  readonly entries: readonly LexiconEntry[];
  /**
   * Every entry's patterns in one pattern, each entry in its own capture group, in the order of `entries`: one
   * pass over the text instead of one an entry. Read again from the next character after each match, so that a
   * term starting inside another is heard too; of two entries matching from the same character, the first in
   * LEXICON's order (the more serious) is.
   */
  readonly lexicon: RegExp;
  readonly pairs: readonly CompiledPair[];
  /** Every pair's term in one pattern, each in its own capture group, in the order of `pairs`: one pass. */
  readonly pairTerms: RegExp;
  readonly sports: RegExp;
  readonly figurativeFire: RegExp;
  readonly harmless: RegExp;
  readonly negation: RegExp;
  readonly intensifier: RegExp;
  readonly mitigator: RegExp;
  readonly loss: RegExp;
  readonly belonging: RegExp;
  readonly documents: RegExp;
  readonly reassurance: RegExp;
  readonly story: RegExp;
}

/** The rules for a set of languages, compiled once per set ("it,es,en"): adding a language is data. */
const RULES = new Map<string, Rules>();
/** The rules of each languages array already seen: most texts share one (all six, or a session's pair). */
const RULES_OF_ARRAY = new WeakMap<readonly AnalysisLanguage[], Rules>();

function rulesFor(languages: readonly AnalysisLanguage[]): Rules {
  const seen = RULES_OF_ARRAY.get(languages);
  if (seen) return seen;
  const key = [...languages].sort().join(',');
  const known = RULES.get(key);
  if (known) {
    RULES_OF_ARRAY.set(languages, known);
    return known;
  }
  const saidEntries = LEXICON.map((entry) => ({ entry, said: inLanguages(entry.said, languages) })).filter(
    ({ said }) => said.length > 0,
  );
  const pairs = PAIRED_LEXICON.map((entry) => ({
    entry,
    term: inLanguages(entry.term, languages),
    cue: inLanguages(entry.cue, languages),
  })).filter(({ term, cue }) => term.length > 0 && cue.length > 0);
  const rules: Rules = {
    entries: saidEntries.map(({ entry }) => entry),
    lexicon: new RegExp(
      `${WORD_START}(?:${saidEntries.map(({ said }) => `(${said.join('|')})`).join('|')})${WORD_END}`,
      'gu',
    ),
    pairs: pairs.map(({ entry, cue }) => ({
      entry,
      cue: new RegExp(bounded(cue), 'u'),
      unless: entry.unless && new RegExp(bounded(inLanguages(entry.unless, languages)), 'u'),
    })),
    pairTerms: new RegExp(
      `${WORD_START}(?:${pairs.map(({ term }) => `(${term.join('|')})`).join('|')})${WORD_END}`,
      'gu',
    ),
    sports: new RegExp(bounded(inLanguages(SPORTS_CUES, languages)), 'u'),
    figurativeFire: new RegExp(bounded(inLanguages(FIGURATIVE_FIRE_CUES, languages)), 'u'),
    harmless: new RegExp(bounded(inLanguages(HARMLESS_PHRASES, languages)), 'gu'),
    negation: new RegExp(`^(?:${inLanguages(NEGATIONS, languages).join('|')})$`, 'u'),
    intensifier: new RegExp(bounded(inLanguages(INTENSIFIERS, languages)), 'u'),
    mitigator: new RegExp(bounded(inLanguages(MITIGATORS, languages)), 'u'),
    loss: new RegExp(bounded(inLanguages(LOSS_VERBS, languages)), 'gu'),
    belonging: new RegExp(bounded(inLanguages(BELONGINGS, languages)), 'u'),
    documents: new RegExp(bounded(inLanguages(DOCUMENTS, languages)), 'u'),
    reassurance: new RegExp(bounded(inLanguages(REASSURANCES, languages)), 'u'),
    story: new RegExp(bounded(inLanguages(STORY_CUES, languages)), 'u'),
  };
  RULES.set(key, rules);
  RULES_OF_ARRAY.set(languages, rules);
  return rules;
}

const RANK: Readonly<Record<Severity, number>> = { low: 0, medium: 1, high: 2 };
/** How far apart a loss verb and the thing lost may be said, in characters, within one sentence. */
const LOSS_REACH = 50;
const NEGATION_REACH_WORDS = 3;
/** What the speaker may call "nothing serious" and so make low: a fall, a hurt, an illness, never a theft. */
const REASSURED: ReadonlySet<EmergencyCategory> = new Set(['medical', 'accident']);
/** What a story or a film may tell of without anyone being in danger now. */
const TOLD_IN_STORIES: ReadonlySet<EmergencyCategory> = new Set([
  'fire',
  'police',
  'lost-or-stolen',
  'accident',
]);

interface Detection {
  readonly issue: string;
  readonly category: EmergencyCategory;
  readonly severity: Severity;
  readonly at: number;
  readonly yieldsToInjury?: boolean;
}

/**
 * Whether a negation is said just before a term. Portuguese "no" is "in the" ("dor no peito"): it negates only in
 * a text that is not Portuguese, asked of the language guess only when a "no" is found.
 */
function isNegated(folded: string, start: number, negation: RegExp, inPortuguese: () => boolean): boolean {
  const sentenceStart = Math.max(...['.', '!', '?', ';'].map((mark) => folded.lastIndexOf(mark, start - 1)));
  const words = folded
    .slice(sentenceStart + 1, start)
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(-NEGATION_REACH_WORDS);
  return words.some((word) => negation.test(word) && (word !== 'no' || !inPortuguese()));
}

/** The words said with a term in its own clause: "hit his head, he's a bit dizzy" makes the dizziness mild, not the blow. */
function surroundings(folded: string, start: number, end: number): { before: string; after: string } {
  const before =
    folded
      .slice(Math.max(0, start - 30), start)
      .split(/[.!?;,]/)
      .at(-1) ?? '';
  const after = folded.slice(end, end + 30).split(/[.!?;,]/)[0] ?? '';
  return { before, after };
}

type Rated = Pick<LexiconEntry, 'severity' | 'intensified' | 'mitigated'>;

function severityOf(entry: Rated, folded: string, start: number, end: number, rules: Rules): Severity {
  if (!entry.intensified && !entry.mitigated) return entry.severity;
  const { before, after } = surroundings(folded, start, end);
  if (rules.mitigator.test(before.slice(-12)) || rules.mitigator.test(after.slice(0, 12)))
    return entry.mitigated ?? 'low';
  if (
    entry.intensified &&
    (rules.intensifier.test(before.slice(-20)) || rules.intensifier.test(after.slice(0, 20)))
  ) {
    return entry.intensified;
  }
  return entry.severity;
}

function lexiconDetections(folded: string, rules: Rules, inPortuguese: () => boolean): Detection[] {
  const detections: (Detection & { readonly entry: number })[] = [];
  const pattern = rules.lexicon;
  for (const match of matchesOf(pattern, folded)) {
    pattern.lastIndex = match.index + 1;
    // The entry patterns hold no capture group of their own (a test checks), so group n + 1 is entry n.
    const entryIndex = match.findIndex((group, index) => index > 0 && group !== undefined) - 1;
    const entry = rules.entries[entryIndex];
    if (entry === undefined || isNegated(folded, match.index, rules.negation, inPortuguese)) continue;
    const severity = severityOf(entry, folded, match.index, match.index + match[0].length, rules);
    detections.push({
      issue: entry.issue,
      category: entry.category,
      severity,
      at: match.index,
      yieldsToInjury: entry.yieldsToInjury,
      entry: entryIndex,
    });
  }
  // In LEXICON's order, as when each entry was read in turn: the card lists the hurt before the fall that caused it.
  return detections.sort((left, right) => left.entry - right.entry || left.at - right.at);
}

/** The start and end of the sentence around a position: a cue is heard only in the term's own sentence. */
function sentenceBounds(folded: string, at: number): { start: number; end: number } {
  const start = Math.max(...['.', '!', '?', ';', '\n'].map((mark) => folded.lastIndexOf(mark, at - 1))) + 1;
  const ends = ['.', '!', '?', ';', '\n'].map((mark) => folded.indexOf(mark, at)).filter((end) => end >= 0);
  return { start, end: ends.length > 0 ? Math.min(...ends) : folded.length };
}

/** Widens a slice of the text outwards to whole words, so that a cue is never matched on the tail of a word. */
function wholeWords(folded: string, from: number, to: number, outwards: 'before' | 'after'): string {
  let start = from;
  let end = to;
  if (outwards === 'before') while (start > 0 && /[\p{L}\p{N}']/u.test(folded[start - 1]!)) start--;
  else while (end < folded.length && /[\p{L}\p{N}']/u.test(folded[end]!)) end++;
  return folded.slice(start, end);
}

/** Terms heard with a cue near them in one sentence: a family of wordings (any pain said with the chest). */
function pairedDetections(folded: string, rules: Rules, inPortuguese: () => boolean): Detection[] {
  const detections: Detection[] = [];
  for (const match of matchesOf(rules.pairTerms, folded)) {
    // The term patterns hold no capture group of their own (a test checks), so group n + 1 is pair n.
    const pair = rules.pairs[match.findIndex((group, index) => index > 0 && group !== undefined) - 1];
    if (pair === undefined) continue;
    const { entry, cue, unless } = pair;
    const end = match.index + match[0].length;
    const sentence = sentenceBounds(folded, match.index);
    const before = wholeWords(
      folded,
      Math.max(sentence.start, match.index - entry.reach.before),
      match.index,
      'before',
    );
    const after = wholeWords(folded, end, Math.min(sentence.end, end + entry.reach.after), 'after');
    if (!cue.test(before) && !cue.test(after)) continue;
    if (!entry.negationIsCue && isNegated(folded, match.index, rules.negation, inPortuguese)) continue;
    if (unless?.test(folded.slice(sentence.start, sentence.end))) continue;
    const severity = severityOf(entry, folded, match.index, end, rules);
    detections.push({ issue: entry.issue, category: entry.category, severity, at: match.index });
  }
  return detections;
}

/**
 * Whether a detection is said of something other than a person in danger now: a story or a film (fires,
 * crimes, accidents), a player's injury in a match (hurts short of life-threatening, falls), a player, hot food,
 * a show or a festival (fire).
 */
function isFigurative(detection: Detection, folded: string, rules: Rules): boolean {
  const sentence = sentenceAround(folded, detection.at);
  if (TOLD_IN_STORIES.has(detection.category) && rules.story.test(sentence)) return true;
  if (
    detection.category === 'fire' &&
    detection.issue === 'fire' &&
    (rules.figurativeFire.test(sentence) || rules.sports.test(sentence))
  )
    return true;
  return (
    (detection.category === 'medical' || detection.category === 'accident') &&
    detection.severity !== 'high' &&
    rules.sports.test(sentence)
  );
}

function lossDetections(folded: string, rules: Rules, inPortuguese: () => boolean): Detection[] {
  const detections: Detection[] = [];
  for (const match of matchesOf(rules.loss, folded)) {
    if (isNegated(folded, match.index, rules.negation, inPortuguese)) continue;
    const from = Math.max(0, match.index - LOSS_REACH);
    const to = match.index + match[0].length + LOSS_REACH;
    const window = folded.slice(from, to);
    const left =
      window
        .slice(0, match.index - from)
        .split(/[.!?;]/)
        .at(-1) ?? '';
    const right = window.slice(match.index - from + match[0].length).split(/[.!?;]/)[0] ?? '';
    // Lost documents are medium, as a theft is (SPEC §3); other belongings low.
    const document = rules.documents.exec(right) ?? rules.documents.exec(left);
    const thing = document ?? rules.belonging.exec(right) ?? rules.belonging.exec(left);
    if (thing)
      detections.push({
        issue: `lost ${thing[0]}`,
        category: 'lost-or-stolen',
        severity: document ? 'medium' : 'low',
        at: match.index,
      });
  }
  return detections;
}

/** The sentence a detection was said in. */
function sentenceAround(folded: string, at: number): string {
  const start = Math.max(...['.', '!', '?', ';', '\n'].map((mark) => folded.lastIndexOf(mark, at - 1)));
  const ends = ['.', '!', '?', ';', '\n'].map((mark) => folded.indexOf(mark, at)).filter((end) => end >= 0);
  return folded.slice(start + 1, ends.length > 0 ? Math.min(...ends) : folded.length);
}

/**
 * Whether the text tells of an emergency (medical, police, fire, lost or stolen, accident), how serious it
 * is, and whom to call in the country the text is about.
 */
export function detectEmergency(input: TextInput): EmergencyResult {
  const analysed = asAnalysed(input);
  const rules = rulesFor(analysed.languages);
  const folded = analysed.folded.replace(rules.harmless, (phrase) => ' '.repeat(phrase.length));
  const inPortuguese = (): boolean => analysed.language === 'pt';
  const detections = [
    ...lexiconDetections(folded, rules, inPortuguese),
    ...pairedDetections(folded, rules, inPortuguese),
    ...lossDetections(folded, rules, inPortuguese),
  ].filter((detection) => !isFigurative(detection, folded, rules));
  const country = countryOfText(analysed);
  const isEmergency = detections.length > 0;
  // "I fell and scraped my knee": the scrape, not the fall, says how serious it is.
  const hurtNamed = detections.some((detection) => detection.category === 'medical');
  const rated = hurtNamed ? detections.filter((detection) => !detection.yieldsToInjury) : detections;
  const reassured =
    rated.some((detection) => detection.severity === 'medium' && REASSURED.has(detection.category)) &&
    rules.reassurance.test(folded);
  const severity = rated.reduce<Severity>((worst, detection) => {
    const said =
      reassured && detection.severity === 'medium' && REASSURED.has(detection.category)
        ? 'low'
        : detection.severity;
    return RANK[said] > RANK[worst] ? said : worst;
  }, 'low');
  const medical = detections.some((detection) => detection.category === 'medical');
  return {
    isEmergency,
    severity,
    detectedIssues: [...new Set(detections.map((detection) => detection.issue))],
    countryDetected: country?.name ?? '',
    emergencyContacts: isEmergency ? emergencyContactsFor(country?.code) : [],
    nearbyMedicalFacilities: medical
      ? medicalFacilitySearches(severity, country?.place ?? country?.name ?? '')
      : [],
  };
}
