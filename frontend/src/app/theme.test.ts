import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, LOCAL_STORAGE_KEYS } from '../lib/ui-constants';
import { readStoredTheme, storeTheme } from './theme';

function storageWith(value: string | null) {
  return () => ({ getItem: (key: string) => (key === LOCAL_STORAGE_KEYS.theme ? value : null) });
}

function unavailableStorage(): never {
  throw new DOMException('The operation is insecure.', 'SecurityError');
}

describe('stored theme', () => {
  it('is light when nothing is stored', () => {
    expect(readStoredTheme(storageWith(null))).toBe(DEFAULT_THEME);
    expect(DEFAULT_THEME).toBe('light');
  });

  it('returns a stored light, dark or system choice', () => {
    for (const theme of ['light', 'dark', 'system'] as const)
      expect(readStoredTheme(storageWith(theme))).toBe(theme);
  });

  it('ignores a value it does not know', () => {
    expect(readStoredTheme(storageWith('purple'))).toBe(DEFAULT_THEME);
  });

  it('falls back to the default when storage cannot be read', () => {
    expect(readStoredTheme(unavailableStorage)).toBe(DEFAULT_THEME);
  });

  it('writes the choice under the shared key, and survives storage that cannot be written', () => {
    const written = new Map<string, string>();
    storeTheme('dark', () => ({ setItem: (key, value) => void written.set(key, value) }));
    expect(written.get(LOCAL_STORAGE_KEYS.theme)).toBe('dark');

    expect(() => storeTheme('dark', unavailableStorage)).not.toThrow();
  });
});
