// Scoring the analyser on a labelled set, exactly as ../shared/data/README.md says (beside the repository), so that
// figures compare across changes: `npm run bench analysis-quality` prints them and
// engines/analysis/labelled-set.test.ts holds the embedded analyser above a floor on our own set.
import { readFileSync } from 'node:fs';
import type { EmergencyResult, Location, Price } from '@wayfarer/shared/api/analysis';
import { analyseText } from '../analysed-text';
import { ANALYSIS_LANGUAGES } from '../language';
import { detectEmergency } from '../emergency-detector';
import { findLocations } from '../place-finder';
import { extractPrices } from '../price-extractor';

export interface LabelledSentence {
  readonly id: string;
  readonly lang?: string;
  readonly text: string;
  readonly prices: readonly { readonly amount: number; readonly currency: string }[];
  readonly locations: readonly { readonly name: string; readonly type: string }[];
  readonly emergency: { readonly isEmergency: boolean; readonly severity?: string };
}

export interface Answers {
  readonly prices: readonly Price[];
  readonly locations: readonly Location[];
  readonly emergency: EmergencyResult;
}

/** The languages scored: the analyser's own, so a new language needs its floors in labelled-set.test.ts. */
export const LANGUAGES = ANALYSIS_LANGUAGES;

/** A labelled set: one JSON object a line. */
export function loadLabelledSet(file: string): LabelledSentence[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LabelledSentence);
}

/** The embedded analyser as the engine runs it: the text read once, then the three finders. */
export function embeddedAnswers(text: string): Answers {
  const analysed = analyseText(text);
  return {
    prices: extractPrices(analysed),
    locations: findLocations(analysed),
    emergency: detectEmergency(analysed),
  };
}

const plain = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const sameName = (left: string, right: string): boolean => {
  const [a, b] = [plain(left), plain(right)];
  return a === b || a.includes(b) || b.includes(a);
};

/** Each found item matches at most one expected item and the other way round. */
function matchOneToOne<F, E>(
  found: readonly F[],
  expected: readonly E[],
  matches: (f: F, e: E) => boolean,
): [F, E][] {
  const free = [...expected];
  const pairs: [F, E][] = [];
  for (const item of found) {
    const at = free.findIndex((candidate) => matches(item, candidate));
    if (at < 0) continue;
    const [partner] = free.splice(at, 1);
    if (partner !== undefined) pairs.push([item, partner]);
  }
  return pairs;
}

export interface Counts {
  found: number;
  expected: number;
  matched: number;
}

export interface Tally {
  sentences: number;
  prices: Counts;
  places: Counts;
  typesRight: number;
  emergencyRight: number;
  severityRight: number;
  emergencies: number;
}

export const emptyTally = (): Tally => ({
  sentences: 0,
  prices: { found: 0, expected: 0, matched: 0 },
  places: { found: 0, expected: 0, matched: 0 },
  typesRight: 0,
  emergencyRight: 0,
  severityRight: 0,
  emergencies: 0,
});

export const precisionOf = ({ found, matched }: Counts): number => (found === 0 ? 1 : matched / found);
export const recallOf = ({ expected, matched }: Counts): number => (expected === 0 ? 1 : matched / expected);

export function f1Of(counts: Counts): number {
  const [precision, recall] = [precisionOf(counts), recallOf(counts)];
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** The four figures of the README: prices F1, places F1, emergency accuracy, severity accuracy (undefined: none). */
export interface Figures {
  readonly prices: number;
  readonly places: number;
  readonly emergency: number;
  readonly severity: number | undefined;
}

export function figuresOf(tally: Tally): Figures {
  return {
    prices: f1Of(tally.prices),
    places: f1Of(tally.places),
    emergency: tally.emergencyRight / tally.sentences,
    severity: tally.emergencies === 0 ? undefined : tally.severityRight / tally.emergencies,
  };
}

/** Scores one sentence into the tallies given; returns what differed. */
function scoreSentence(sentence: LabelledSentence, answers: Answers, tallies: readonly Tally[]): string[] {
  const misses: string[] = [];
  const pricePairs = matchOneToOne(
    answers.prices,
    sentence.prices,
    (found, expected) =>
      found.currency === expected.currency && Math.abs(found.amount - expected.amount) < 0.005,
  );
  if (pricePairs.length !== answers.prices.length || pricePairs.length !== sentence.prices.length) {
    misses.push(
      `${sentence.id} prices: ${answers.prices.map((p) => `${p.amount} ${p.currency}`).join(', ') || '-'}`,
    );
  }
  const placePairs = matchOneToOne(answers.locations, sentence.locations, (found, expected) =>
    sameName(found.name, expected.name),
  );
  if (placePairs.length !== answers.locations.length || placePairs.length !== sentence.locations.length) {
    misses.push(
      `${sentence.id} places: ${answers.locations.map((p) => `${p.name}:${p.type}`).join(', ') || '-'}`,
    );
  }
  const emergency = answers.emergency;
  const severityRight =
    sentence.emergency.isEmergency &&
    emergency.isEmergency &&
    emergency.severity === sentence.emergency.severity;
  if (
    emergency.isEmergency !== sentence.emergency.isEmergency ||
    (sentence.emergency.isEmergency && !severityRight)
  ) {
    misses.push(
      `${sentence.id} emergency: ${emergency.isEmergency ? emergency.severity : 'none'} (${emergency.detectedIssues.join(', ')})`,
    );
  }
  for (const tally of tallies) {
    tally.sentences += 1;
    tally.prices.found += answers.prices.length;
    tally.prices.expected += sentence.prices.length;
    tally.prices.matched += pricePairs.length;
    tally.places.found += answers.locations.length;
    tally.places.expected += sentence.locations.length;
    tally.places.matched += placePairs.length;
    tally.typesRight += placePairs.filter(([found, expected]) => found.type === expected.type).length;
    if (emergency.isEmergency === sentence.emergency.isEmergency) tally.emergencyRight += 1;
    if (sentence.emergency.isEmergency) {
      tally.emergencies += 1;
      if (severityRight) tally.severityRight += 1;
    }
  }
  return misses;
}

export interface SetScore {
  readonly total: Tally;
  /** Per `lang` of the sentences ('?' for none), in the order met. */
  readonly byLanguage: ReadonlyMap<string, Tally>;
  /** One line per sentence and field that differed from its label. */
  readonly misses: readonly string[];
}

/** Scores every sentence of a set with `analyse`, in order. */
export async function scoreSet(
  sentences: readonly LabelledSentence[],
  analyse: (text: string) => Answers | Promise<Answers>,
): Promise<SetScore> {
  const total = emptyTally();
  const byLanguage = new Map<string, Tally>();
  const misses: string[] = [];
  for (const sentence of sentences) {
    const language = sentence.lang ?? '?';
    const perLanguage = byLanguage.get(language) ?? emptyTally();
    byLanguage.set(language, perLanguage);
    misses.push(...scoreSentence(sentence, await analyse(sentence.text), [total, perLanguage]));
  }
  return { total, byLanguage, misses };
}
