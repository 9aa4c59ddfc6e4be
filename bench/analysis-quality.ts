// `npm run bench analysis-quality`: the embedded analyser's quality on the labelled development set
// (../shared/data/analysis-dev.jsonl beside the repository, or $ANALYSIS_DEV_SET) and on our own set (bench/data/analysis-own.jsonl), scored exactly as
// ../shared/data/README.md says, and the time the analyser alone takes per sentence.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { detectEmergency } from '@wayfarer/engines/analysis/emergency-detector';
import { findLocations } from '@wayfarer/engines/analysis/place-finder';
import { extractPrices } from '@wayfarer/engines/analysis/price-extractor';

interface LabelledSentence {
  readonly id: string;
  readonly text: string;
  readonly prices: readonly { readonly amount: number; readonly currency: string }[];
  readonly locations: readonly { readonly name: string; readonly type: string }[];
  readonly emergency: { readonly isEmergency: boolean; readonly severity?: string };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const SETS: readonly (readonly [string, string])[] = [
  // The project's shared folder sits beside the repository; a worktree elsewhere names it in the environment.
  ['dev', process.env.ANALYSIS_DEV_SET ?? path.join(here, '..', '..', 'shared', 'data', 'analysis-dev.jsonl')],
  ['own', path.join(here, 'data', 'analysis-own.jsonl')],
];

function load(file: string): LabelledSentence[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LabelledSentence);
}

const plain = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const sameName = (left: string, right: string): boolean => {
  const [a, b] = [plain(left), plain(right)];
  return a === b || a.includes(b) || b.includes(a);
};

/** Each found item matches at most one expected item and the other way round. */
function matchOneToOne<F, E>(found: readonly F[], expected: readonly E[], matches: (f: F, e: E) => boolean): [F, E][] {
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

interface Counts {
  found: number;
  expected: number;
  matched: number;
}

const f1 = ({ found, expected, matched }: Counts): string => {
  const precision = found === 0 ? 1 : matched / found;
  const recall = expected === 0 ? 1 : matched / expected;
  const score = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return `precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${score.toFixed(3)}  (${matched} of ${expected} expected, ${found} found)`;
};

function score(name: string, sentences: readonly LabelledSentence[]): void {
  const prices: Counts = { found: 0, expected: 0, matched: 0 };
  const places: Counts = { found: 0, expected: 0, matched: 0 };
  let typesRight = 0;
  let emergencyRight = 0;
  let severityRight = 0;
  let emergencies = 0;
  const misses: string[] = [];
  for (const sentence of sentences) {
    const foundPrices = extractPrices(sentence.text);
    const pricePairs = matchOneToOne(
      foundPrices,
      sentence.prices,
      (found, expected) => found.currency === expected.currency && Math.abs(found.amount - expected.amount) < 0.005,
    );
    prices.found += foundPrices.length;
    prices.expected += sentence.prices.length;
    prices.matched += pricePairs.length;
    if (pricePairs.length !== foundPrices.length || pricePairs.length !== sentence.prices.length) {
      misses.push(`${sentence.id} prices: ${foundPrices.map((p) => `${p.amount} ${p.currency}`).join(', ') || '-'}`);
    }
    const foundPlaces = findLocations(sentence.text);
    const placePairs = matchOneToOne(foundPlaces, sentence.locations, (found, expected) => sameName(found.name, expected.name));
    places.found += foundPlaces.length;
    places.expected += sentence.locations.length;
    places.matched += placePairs.length;
    typesRight += placePairs.filter(([found, expected]) => found.type === expected.type).length;
    if (placePairs.length !== foundPlaces.length || placePairs.length !== sentence.locations.length) {
      misses.push(`${sentence.id} places: ${foundPlaces.map((p) => `${p.name}:${p.type}`).join(', ') || '-'}`);
    }
    const emergency = detectEmergency(sentence.text);
    if (emergency.isEmergency === sentence.emergency.isEmergency) emergencyRight += 1;
    if (sentence.emergency.isEmergency) {
      emergencies += 1;
      if (emergency.isEmergency && emergency.severity === sentence.emergency.severity) severityRight += 1;
    }
    if (emergency.isEmergency !== sentence.emergency.isEmergency || (sentence.emergency.isEmergency && emergency.severity !== sentence.emergency.severity)) {
      misses.push(`${sentence.id} emergency: ${emergency.isEmergency ? emergency.severity : 'none'} (${emergency.detectedIssues.join(', ')})`);
    }
  }
  console.log(`\n${name} set: ${sentences.length} sentences`);
  console.log(`  prices      ${f1(prices)}`);
  console.log(`  places      ${f1(places)}`);
  console.log(`  place types ${places.matched === 0 ? '-' : (typesRight / places.matched).toFixed(3)} of matched places`);
  console.log(`  emergency   accuracy ${(emergencyRight / sentences.length).toFixed(3)}  severity ${emergencies === 0 ? '-' : (severityRight / emergencies).toFixed(3)} (${emergencies} emergencies)`);
  if (misses.length > 0) console.log(`  differences:\n    ${misses.join('\n    ')}`);
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

function timeAnalyser(sentences: readonly LabelledSentence[]): void {
  const rounds = 50;
  for (const sentence of sentences) {
    extractPrices(sentence.text);
    findLocations(sentence.text);
    detectEmergency(sentence.text);
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const sentence of sentences) {
      const start = process.hrtime.bigint();
      extractPrices(sentence.text);
      findLocations(sentence.text);
      detectEmergency(sentence.text);
      times.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  times.sort((left, right) => left - right);
  console.log(
    `\nanalyser alone (prices + places + emergency), ${times.length} runs: ` +
      `p50 ${percentile(times, 0.5).toFixed(0)} µs, p99 ${percentile(times, 0.99).toFixed(0)} µs; ` +
      `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
  );
}

export async function main(): Promise<void> {
  const all: LabelledSentence[] = [];
  for (const [name, file] of SETS) {
    if (!existsSync(file)) {
      console.log(`\n${name} set: ${file} not found, skipped`);
      continue;
    }
    const sentences = load(file);
    all.push(...sentences);
    score(name, sentences);
  }
  timeAnalyser(all);
  await Promise.resolve();
}
