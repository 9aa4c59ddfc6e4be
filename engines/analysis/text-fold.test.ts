import { describe, expect, it } from 'vitest';
import { foldText } from './text-fold';

describe('foldText', () => {
  it('lower-cases and strips accents one unit at a time, keeping the length', () => {
    expect(foldText('Él Müller ÇA')).toBe('el muller ca');
  });

  it('folds the letters with a stroke that NFD keeps: ł, ø, đ, ı', () => {
    expect(foldText('Złoty København Đà')).toBe('zloty kobenhavn da');
    expect(foldText('złoty')).toHaveLength('złoty'.length);
  });
});
