import { describe, expect, it } from 'vitest';
import { countriesSchema } from '../country-names';
import { gazetteerSchema } from '../gazetteer';
import countriesJson from './countries.json';
import gazetteerJson from './gazetteer.json';

describe('analysis data files', () => {
  it('the gazetteer parses against its schema', () => {
    expect(gazetteerSchema.safeParse(gazetteerJson).success).toBe(true);
  });

  it('the country table parses against its schema', () => {
    expect(countriesSchema.safeParse(countriesJson).success).toBe(true);
  });
});
