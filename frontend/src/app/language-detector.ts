import type { LanguageDetectorModule } from 'i18next';

/**
 * The interface language as docs/SPEC.md §1 detects it: the i18next-browser-languagedetector lookups the app uses
 * (LANGUAGE_DETECTION_ORDER: querystring, cookie, localStorage, sessionStorage, navigator, htmlTag), with its
 * option names and its rule for what may count as a language code, and the choice cached in local storage. In
 * place of that package (its other lookups and cookie writer are not used here) so `/` stays within its budget
 * (docs/DESIGN.md §8). i18next picks the first detected code it supports.
 */
export interface LanguageDetectionOptions {
  readonly order: readonly string[];
  readonly lookupQuerystring: string;
  readonly lookupCookie: string;
  readonly lookupLocalStorage: string;
  readonly lookupSessionStorage?: string;
  readonly caches: readonly string[];
}

/** The detector package's rule: letters, digits, `-`, `_`, `@`, `.` (no `..`); nothing that escapes an attribute. */
export function isSafeLanguageCode(code: string): boolean {
  return (
    /^[A-Za-z0-9_@.-]{1,128}$/.test(code) &&
    !code.includes('..') &&
    !['__proto__', 'constructor', 'prototype'].includes(code)
  );
}

/** The session storage key when the options name none (the detector package's default). */
export const DEFAULT_SESSION_STORAGE_KEY = 'i18nextLng';

function fromStorage(storage: () => Storage, key: string | undefined): string | undefined {
  try {
    return (key && storage().getItem(key)) || undefined;
  } catch {
    return undefined; // Storage blocked (privacy mode, sandboxed frame).
  }
}

function fromCookie(name: string): string | undefined {
  try {
    const prefix = `${name}=`;
    const found = document.cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(prefix));
    return found?.slice(prefix.length) || undefined;
  } catch {
    return undefined;
  }
}

const lookups: Record<string, (options: LanguageDetectionOptions) => string | readonly string[] | undefined> =
  {
    querystring: (options) =>
      new URLSearchParams(window.location.search).get(options.lookupQuerystring) ?? undefined,
    cookie: (options) => fromCookie(options.lookupCookie),
    localStorage: (options) => fromStorage(() => window.localStorage, options.lookupLocalStorage),
    sessionStorage: (options) =>
      fromStorage(() => window.sessionStorage, options.lookupSessionStorage ?? DEFAULT_SESSION_STORAGE_KEY),
    navigator: () => [...(navigator.languages ?? []), navigator.language].filter(Boolean),
    htmlTag: () => document.documentElement.getAttribute('lang') ?? undefined,
  };

export class LanguageDetector implements LanguageDetectorModule {
  static readonly type = 'languageDetector';
  readonly type = 'languageDetector';
  private options: LanguageDetectionOptions | undefined;

  init(_services: unknown, options: LanguageDetectionOptions): void {
    this.options = options;
  }

  detect(): string[] {
    const options = this.options;
    if (!options) return [];
    return options.order
      .flatMap((name) => lookups[name]?.(options) ?? [])
      .filter((code) => isSafeLanguageCode(code));
  }

  cacheUserLanguage(language: string): void {
    if (!this.options?.caches.includes('localStorage') || language === 'cimode') return;
    try {
      window.localStorage.setItem(this.options.lookupLocalStorage, language);
    } catch {
      // Storage blocked: the choice lasts as long as the page.
    }
  }
}
