import { describe, expect, it } from 'vitest';
import { flagEmoji, languageName } from './language-labels';

describe('language labels (docs/SPEC.md §2: lists with flags)', () => {
  it('a flag is the two regional indicators of the country code', () => {
    expect(flagEmoji('FR')).toBe('🇫🇷');
    expect(flagEmoji('jp')).toBe('🇯🇵');
    expect(flagEmoji('XYZ')).toBe('');
  });

  it('a language is named in the interface language, capitalised', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'fr')).toBe('Allemand');
  });
});
