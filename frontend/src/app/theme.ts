import { DEFAULT_THEME, LOCAL_STORAGE_KEYS, THEMES, type Theme } from '@wayfarer/shared/constants';

function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Theme {
  const stored = storage?.getItem(LOCAL_STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

export function storeTheme(
  choice: Theme,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  storage?.setItem(LOCAL_STORAGE_KEYS.theme, choice);
}

// Private browsing modes may throw on access: a theme is not worth crashing the page for.
function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
