import { describe, expect, it } from 'vitest';
import { PSEUDO_EXPANSION, pseudoLocalize, pseudoTranslation } from './pseudo-locale';

describe('the pseudo-locale', () => {
  it('accents every ASCII letter, so untranslated text stands out', () => {
    expect(pseudoLocalize('Log in')).toMatch(/^\[Ļöĝ íñ /);
    expect(pseudoLocalize('Start and stop')).not.toMatch(/[A-Za-z]/);
  });

  it('makes each string at least 40% longer, inside brackets', () => {
    for (const text of ['Start', 'Speak and be understood', 'Photo translation is part of the Pro plan.']) {
      const pseudo = pseudoLocalize(text);
      expect(pseudo.length - 2).toBeGreaterThanOrEqual(text.length * (1 + PSEUDO_EXPANSION));
      expect(pseudo.startsWith('[') && pseudo.endsWith(']')).toBe(true);
    }
  });

  it('keeps {{variables}}, $t() nesting and <tags> as i18next and Trans need them', () => {
    const pseudo = pseudoLocalize('I accept the <terms>Terms</terms> for {{email}} and $t(app_title).');
    expect(pseudo).toContain('<terms>');
    expect(pseudo).toContain('</terms>');
    expect(pseudo).toContain('{{email}}');
    expect(pseudo).toContain('$t(app_title)');
  });

  it('keeps every key of the file', () => {
    expect(Object.keys(pseudoTranslation({ a: 'One', b: 'Two' }))).toEqual(['a', 'b']);
  });
});
