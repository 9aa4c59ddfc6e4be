import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  embeddedAnswers,
  figuresOf,
  LANGUAGES,
  loadLabelledSet,
  scoreSet,
  type Figures,
} from './testing/labelled-set-score';

// The embedded analyser on our own labelled set (bench/data/analysis-own.jsonl, 939 sentences, all dev), scored as
// `npm run bench analysis-quality` scores it (the shared scoring of testing/labelled-set-score.ts). Each floor is
// just below the figure the analyser had when it was set, so a change that loses a sentence or two in any language
// and field fails here; a change that gains raises the floor in the same commit. The held-out sets are not scored
// here: they are read only by the bench, on request, so that nobody tunes on them.
const OWN_SET = fileURLToPath(new URL('../../bench/data/analysis-own.jsonl', import.meta.url));

type Floors = { readonly [F in keyof Figures]-?: number };

/** Per language: prices F1, places F1, emergency accuracy, severity accuracy (figures of 2026-11-28, less ~0.004). */
const FLOORS: Record<(typeof LANGUAGES)[number], Floors> = {
  en: { prices: 0.996, places: 0.987, emergency: 0.99, severity: 0.985 },
  es: { prices: 0.99, places: 0.985, emergency: 0.996, severity: 0.996 },
  fr: { prices: 0.996, places: 0.99, emergency: 0.996, severity: 0.996 },
  de: { prices: 0.996, places: 0.983, emergency: 0.996, severity: 0.996 },
  it: { prices: 0.996, places: 0.984, emergency: 0.996, severity: 0.996 },
  pt: { prices: 0.996, places: 0.984, emergency: 0.996, severity: 0.996 },
};
/** The place type of a matched place, over the whole set (0.857). */
const PLACE_TYPES_FLOOR = 0.852;

describe('the embedded analyser on its own labelled set', async () => {
  const { total, byLanguage } = await scoreSet(loadLabelledSet(OWN_SET), embeddedAnswers);

  it('has every language of the set, and no other', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s: prices, places, emergency and severity stay above their floors', (language) => {
    const tally = byLanguage.get(language);
    expect(tally?.emergencies, 'the set has emergencies in every language').toBeGreaterThan(0);
    const figures = figuresOf(tally!);
    const below = Object.entries(FLOORS[language]).flatMap(([field, floor]) => {
      const figure = figures[field as keyof Figures] ?? 0;
      return figure < floor ? [`${field} ${figure.toFixed(3)} < ${floor}`] : [];
    });
    expect(below).toEqual([]);
  });

  it('types the places it matches right, over the whole set', () => {
    expect(total.typesRight / total.places.matched).toBeGreaterThanOrEqual(PLACE_TYPES_FLOOR);
  });
});
