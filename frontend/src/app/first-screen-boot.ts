/**
 * index.html's first screen in the visitor's language (docs/DESIGN.md §8, first paint). The build renders the home
 * screen's top (hero, title, description, the card's outline) once per interface language from locales/ and writes
 * `bootFirstScreen` into index.html as an inline script right after #root, with those copies as its argument. It
 * runs before the first paint and, on `/`, puts in the copy of the language i18next is going to pick, so the largest
 * paint (the title) comes from the HTML and React's first render replaces it with the same text at the same place.
 * When it cannot tell that language for sure, the neutral outline stays: a visitor never sees one language replaced
 * by another.
 *
 * The function is written into the page as its source text (Function.prototype.toString), so it must stand alone:
 * no imports, no names from outside its body, nothing the browsers the app supports lack.
 */
export interface FirstScreenBoot {
  /** LanguageDetector's lookups in their order, with its option names (app/i18n-options.ts detectionOptions). */
  readonly order: readonly string[];
  readonly lookupQuerystring: string;
  readonly lookupCookie: string;
  readonly lookupLocalStorage: string;
  readonly lookupSessionStorage: string;
  /** The interface languages i18next supports. */
  readonly supported: readonly string[];
  /** Those written right to left (ui-constants RIGHT_TO_LEFT_UI_LANGUAGES). */
  readonly rightToLeft: readonly string[];
  /** The local storage key that says the hero banner was dismissed (its value then is "true"). */
  readonly heroDismissedKey: string;
  /** The path of the home screen: only there is the first screen the voice screen. */
  readonly homePath: string;
  /** The first screen's markup in each supported language. */
  readonly screens: Readonly<Record<string, string>>;
}

export function bootFirstScreen(boot: FirstScreenBoot): void {
  const root = document.getElementById('root');
  if (!root) return;
  const read = (lookup: () => string | null | undefined): string | undefined => {
    try {
      return lookup() || undefined;
    } catch {
      return undefined; // Storage blocked (privacy mode, sandboxed frame).
    }
  };
  const lookups: Record<string, () => string | readonly string[] | undefined> = {
    querystring: () => read(() => new URLSearchParams(window.location.search).get(boot.lookupQuerystring)),
    cookie: () =>
      read(() => {
        const prefix = `${boot.lookupCookie}=`;
        const found = document.cookie
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(prefix));
        return found?.slice(prefix.length);
      }),
    localStorage: () => read(() => window.localStorage.getItem(boot.lookupLocalStorage)),
    sessionStorage: () => read(() => window.sessionStorage.getItem(boot.lookupSessionStorage)),
    navigator: () => [...(navigator.languages ?? []), navigator.language].filter(Boolean),
    htmlTag: () => document.documentElement.getAttribute('lang') ?? undefined,
  };
  // LanguageDetector's detect(), with its isSafeLanguageCode.
  const codes = boot.order
    .flatMap((name) => lookups[name]?.() ?? [])
    .filter(
      (code) =>
        /^[A-Za-z0-9_@.-]{1,128}$/.test(code) &&
        !code.includes('..') &&
        !['__proto__', 'constructor', 'prototype'].includes(code),
    );
  // i18next's getBestMatchFromCodes with nonExplicitSupportedLngs: the first code whose language part it supports
  // (its own "cimode" included, which shows keys, not text).
  const languagePart = (detected: string): string => {
    const code = detected.replace(/_/g, '-');
    if (!code.includes('-')) return code;
    let canonical = code;
    try {
      canonical = Intl.getCanonicalLocales(code)[0] ?? code;
    } catch {
      // i18next keeps a code Intl refuses as it is.
    }
    return canonical.split('-')[0] ?? canonical;
  };
  const language = codes.map(languagePart).find((part) => boot.supported.includes(part) || part === 'cimode');
  // The document's language and direction as i18next sets them once it runs (i18n.ts), so an Arabic first screen is
  // laid out right to left from the first paint instead of flipping when the script arrives.
  if (language && boot.supported.includes(language)) {
    document.documentElement.lang = language;
    document.documentElement.dir = boot.rightToLeft.includes(language) ? 'rtl' : 'ltr';
  }
  const screen = language && window.location.pathname === boot.homePath ? boot.screens[language] : undefined;
  if (screen) root.innerHTML = screen;
  if (read(() => window.localStorage.getItem(boot.heroDismissedKey)) === 'true')
    root.querySelector('.hero, .skeleton-hero')?.remove();
}
