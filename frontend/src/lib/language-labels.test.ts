import { describe, expect, it } from 'vitest';
import { languageName } from './language-labels';

describe('language labels (docs/SPEC.md §2: languages by name, no flags)', () => {
  it('a language is named in the interface language, capitalised', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'fr')).toBe('Allemand');
  });
});
