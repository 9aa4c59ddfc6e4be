import { DEFAULT_THEME, LOCAL_STORAGE_KEYS, THEMES, type Theme } from '../lib/ui-constants';

type StorageSource<Method extends keyof Storage> = () => Pick<Storage, Method>;

const browserStorage = () => window.localStorage;

function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

// Storage can throw (blocked cookies, private modes, full quota): a theme is not worth breaking the page for,
// so a failed read means the default and a failed write is forgotten.
export function readStoredTheme(storage: StorageSource<'getItem'> = browserStorage): Theme {
  try {
    const stored = storage().getItem(LOCAL_STORAGE_KEYS.theme);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(choice: Theme, storage: StorageSource<'setItem'> = browserStorage): void {
  try {
    storage().setItem(LOCAL_STORAGE_KEYS.theme, choice);
  } catch {
    // Nothing to do: the choice still applies until the page is closed.
  }
}
