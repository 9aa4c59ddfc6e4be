import { describe, expect, it } from 'vitest';
import { gazetteerSchema } from '../gazetteer';
import gazetteerJson from './gazetteer.json';

describe('analysis data files', () => {
  it('the gazetteer parses against its schema', () => {
    expect(gazetteerSchema.safeParse(gazetteerJson).success).toBe(true);
  });
});
