import type { EmergencyResult } from '@wayfarer/shared/api/analysis';
import { emergencyContactsFor, medicalFacilitySearches } from '@wayfarer/lambdas/domain/emergency-contacts';
import {
  BELONGINGS,
  HARMLESS_PHRASES,
  INTENSIFIERS,
  LEXICON,
  LOSS_VERBS,
  MITIGATORS,
  NEGATIONS,
  type EmergencyCategory,
  type LexiconEntry,
  type Severity,
} from './emergency-lexicon';
import { asAnalysed, type TextInput } from './analysed-text';
import { countryOfText } from './text-country';
import { WORD_END, WORD_START } from './text-fold';

const bounded = (alternatives: readonly string[]): string =>
  `${WORD_START}(?:${alternatives.join('|')})${WORD_END}`;

const ENTRY_PATTERNS = LEXICON.map((entry) => ({
  entry,
  pattern: new RegExp(bounded(entry.patterns), 'gu'),
}));
const HARMLESS = new RegExp(bounded(HARMLESS_PHRASES), 'gu');
const NEGATION = new RegExp(`^(?:${NEGATIONS.join('|')})$`, 'u');
const INTENSIFIER = new RegExp(bounded(INTENSIFIERS), 'u');
const MITIGATOR = new RegExp(bounded(MITIGATORS), 'u');
const LOSS = new RegExp(bounded(LOSS_VERBS), 'gu');
const BELONGING = new RegExp(bounded(BELONGINGS), 'u');
const RANK: Readonly<Record<Severity, number>> = { low: 0, medium: 1, high: 2 };
/** How far apart a loss verb and the thing lost may be said, in characters, within one sentence. */
const LOSS_REACH = 50;
const NEGATION_REACH_WORDS = 3;

interface Detection {
  readonly issue: string;
  readonly category: EmergencyCategory;
  readonly severity: Severity;
}

function isNegated(folded: string, start: number): boolean {
  const sentenceStart = Math.max(...['.', '!', '?', ';'].map((mark) => folded.lastIndexOf(mark, start - 1)));
  const words = folded
    .slice(sentenceStart + 1, start)
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(-NEGATION_REACH_WORDS);
  return words.some((word) => NEGATION.test(word));
}

function surroundings(folded: string, start: number, end: number): { before: string; after: string } {
  const before = folded.slice(Math.max(0, start - 30), start);
  const after = folded.slice(end, end + 30).split(/[.!?;]/)[0] ?? '';
  return { before, after };
}

function severityOf(entry: LexiconEntry, folded: string, start: number, end: number): Severity {
  if (!entry.intensified) return entry.severity;
  const { before, after } = surroundings(folded, start, end);
  if (MITIGATOR.test(before.slice(-12)) || MITIGATOR.test(after.slice(0, 12))) return 'low';
  if (INTENSIFIER.test(before.slice(-20)) || INTENSIFIER.test(after.slice(0, 20))) return entry.intensified;
  return entry.severity;
}

function lexiconDetections(folded: string): Detection[] {
  const detections: Detection[] = [];
  for (const { entry, pattern } of ENTRY_PATTERNS) {
    for (const match of folded.matchAll(pattern)) {
      if (isNegated(folded, match.index)) continue;
      const severity = severityOf(entry, folded, match.index, match.index + match[0].length);
      detections.push({ issue: entry.issue, category: entry.category, severity });
    }
  }
  return detections;
}

function lossDetections(folded: string): Detection[] {
  const detections: Detection[] = [];
  for (const match of folded.matchAll(LOSS)) {
    if (isNegated(folded, match.index)) continue;
    const from = Math.max(0, match.index - LOSS_REACH);
    const to = match.index + match[0].length + LOSS_REACH;
    const window = folded.slice(from, to);
    const left =
      window
        .slice(0, match.index - from)
        .split(/[.!?;]/)
        .at(-1) ?? '';
    const right = window.slice(match.index - from + match[0].length).split(/[.!?;]/)[0] ?? '';
    const thing = BELONGING.exec(right) ?? BELONGING.exec(left);
    if (thing) detections.push({ issue: `lost ${thing[0]}`, category: 'lost-or-stolen', severity: 'low' });
  }
  return detections;
}

/**
 * Whether the text tells of an emergency (medical, police, fire, lost or stolen, accident), how serious it
 * is, and whom to call in the country the text is about.
 */
export function detectEmergency(input: TextInput): EmergencyResult {
  const analysed = asAnalysed(input);
  const folded = analysed.folded.replace(HARMLESS, (phrase) => ' '.repeat(phrase.length));
  const detections = [...lexiconDetections(folded), ...lossDetections(folded)];
  const country = countryOfText(analysed);
  const isEmergency = detections.length > 0;
  const severity = detections.reduce<Severity>(
    (worst, detection) => (RANK[detection.severity] > RANK[worst] ? detection.severity : worst),
    'low',
  );
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
