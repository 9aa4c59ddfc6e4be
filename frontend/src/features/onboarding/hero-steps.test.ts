import { describe, expect, it } from 'vitest';
import { HERO_DISMISSED_STORAGE_KEY, heroStepAt, readHeroDismissed, storeHeroDismissed } from './hero-steps';

const blocked = (): never => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('hero steps', () => {
  it('wraps around after the fourth step', () => {
    expect([0, 1, 2, 3, 4, 9].map(heroStepAt)).toEqual([
      'speak',
      'transcribe',
      'translate',
      'analyze',
      'speak',
      'transcribe',
    ]);
  });

  it('reads and writes the dismissal, and survives blocked storage', () => {
    const written = new Map<string, string>();
    storeHeroDismissed(() => ({ setItem: (key, value) => void written.set(key, value) }));
    expect(written.get(HERO_DISMISSED_STORAGE_KEY)).toBe('true');
    expect(readHeroDismissed(() => ({ getItem: (key) => written.get(key) ?? null }))).toBe(true);

    expect(readHeroDismissed(blocked)).toBe(false);
    expect(() => storeHeroDismissed(blocked)).not.toThrow();
  });
});
