import { describe, expect, it } from 'vitest';
import { foldText, matchesOf } from './text-fold';

describe('foldText', () => {
  it('lower-cases and strips accents one unit at a time, keeping the length', () => {
    expect(foldText('Él Müller ÇA')).toBe('el muller ca');
  });

  it('folds the letters with a stroke that NFD keeps: ł, ø, đ, ı', () => {
    expect(foldText('Złoty København Đà')).toBe('zloty kobenhavn da');
    expect(foldText('złoty')).toHaveLength('złoty'.length);
  });
});

describe('matchesOf', () => {
  it('reads every match of a global pattern from the start, whatever an earlier reading left behind', () => {
    const digits = /\d+/g;
    const first = matchesOf(digits, 'a1 b22 c333');
    expect(first.next().value?.[0]).toBe('1');
    expect([...matchesOf(digits, 'x4 y55')].map((match) => match[0])).toEqual(['4', '55']);
  });

  it('steps over an empty match instead of looping on it', () => {
    expect([...matchesOf(/x*/g, 'ab')].map((match) => match.index)).toEqual([0, 1, 2]);
  });
});
