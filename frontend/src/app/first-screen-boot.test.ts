// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_KEYS, RIGHT_TO_LEFT_UI_LANGUAGES, SUPPORTED_UI_LANGUAGES } from '../lib/ui-constants';
import { bootFirstScreen, type FirstScreenBoot } from './first-screen-boot';
import { detectionOptions, languageOptions } from './i18n-options';
import { DEFAULT_SESSION_STORAGE_KEY, LanguageDetector } from './language-detector';

const NEUTRAL = '<div class="skeleton-home"><div class="skeleton-block skeleton-hero"></div></div>';

const boot: FirstScreenBoot = {
  order: detectionOptions.order,
  lookupQuerystring: detectionOptions.lookupQuerystring,
  lookupCookie: detectionOptions.lookupCookie,
  lookupLocalStorage: detectionOptions.lookupLocalStorage,
  lookupSessionStorage: detectionOptions.lookupSessionStorage ?? DEFAULT_SESSION_STORAGE_KEY,
  supported: SUPPORTED_UI_LANGUAGES,
  rightToLeft: RIGHT_TO_LEFT_UI_LANGUAGES,
  heroDismissedKey: LOCAL_STORAGE_KEYS.heroDismissed,
  homePath: '/',
  screens: Object.fromEntries(
    SUPPORTED_UI_LANGUAGES.map((language) => [
      language,
      `<div data-screen="${language}"><section class="hero"></section><h1>${language}</h1></div>`,
    ]),
  ),
};

/** The language the app's i18next settles on, with its own detector and options. */
async function languageOfTheApp(): Promise<string | undefined> {
  const i18n = i18next.createInstance();
  await i18n.use(LanguageDetector).init({
    ...languageOptions,
    detection: detectionOptions,
    resources: Object.fromEntries(
      SUPPORTED_UI_LANGUAGES.map((language) => [language, { translation: { language } }]),
    ),
  });
  return i18n.resolvedLanguage;
}

/** What index.html's script leaves in #root: the language of the copy it put in, or undefined for the outline. */
function bootedLanguage(run: (boot: FirstScreenBoot) => void = bootFirstScreen): string | undefined {
  document.body.innerHTML = `<div id="root">${NEUTRAL}</div>`;
  run(boot);
  return document.querySelector<HTMLElement>('[data-screen]')?.dataset.screen;
}

describe("index.html's first screen in the visitor's language (docs/DESIGN.md §8, first paint)", () => {
  let browserLanguages: string[];
  beforeEach(() => {
    browserLanguages = ['en-US', 'en'];
    vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => browserLanguages);
    vi.spyOn(navigator, 'language', 'get').mockImplementation(() => browserLanguages[0] ?? '');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = `${detectionOptions.lookupCookie}=; max-age=0`;
    document.documentElement.setAttribute('lang', 'en');
    document.documentElement.removeAttribute('dir');
  });

  const cases: Array<[string, () => void]> = [
    ['an English browser', () => {}],
    ['a French browser', () => (browserLanguages = ['fr-FR', 'fr'])],
    ['a Canadian French browser in lower case', () => (browserLanguages = ['fr-ca'])],
    ['an underscored Spanish code', () => (browserLanguages = ['es_MX'])],
    ['a Japanese browser that also reads German', () => (browserLanguages = ['ja-JP', 'ja', 'de'])],
    ['a Japanese-only browser', () => (browserLanguages = ['ja-JP', 'ja'])],
    ['a Simplified Chinese browser with a script subtag', () => (browserLanguages = ['zh-Hans-CN'])],
    ['a Traditional Chinese browser (Simplified is its language part)', () => (browserLanguages = ['zh-TW'])],
    ['an Egyptian Arabic browser', () => (browserLanguages = ['ar-EG', 'en'])],
    ['a Korean browser', () => (browserLanguages = ['ko-KR'])],
    ['a bare upper-case code i18next does not take', () => (browserLanguages = ['FR', 'es'])],
    [
      'a stored choice over the browser',
      () => localStorage.setItem(detectionOptions.lookupLocalStorage, 'de'),
    ],
    [
      'a stored choice of an unsupported language',
      () => localStorage.setItem(detectionOptions.lookupLocalStorage, 'sw'),
    ],
    [
      'the query string over the stored choice',
      () => {
        window.history.replaceState(null, '', '/?lng=es');
        localStorage.setItem(detectionOptions.lookupLocalStorage, 'de');
      },
    ],
    ['the cookie', () => (document.cookie = `${detectionOptions.lookupCookie}=fr`)],
    ['the session storage', () => sessionStorage.setItem(DEFAULT_SESSION_STORAGE_KEY, 'de-AT')],
    ['a code that is not one', () => localStorage.setItem(detectionOptions.lookupLocalStorage, '"><script>')],
  ];
  for (const [name, arrange] of cases)
    it(`paints the language the app then renders, for ${name}`, async () => {
      arrange();
      const app = await languageOfTheApp();
      expect(bootedLanguage()).toBe(app);
    });

  it('sets the document to right to left and its language before the first paint, for Arabic', () => {
    browserLanguages = ['ar-SA'];
    expect(bootedLanguage()).toBe('ar');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.getAttribute('lang')).toBe('ar');
  });

  it('leaves a left-to-right language left to right', () => {
    browserLanguages = ['ja-JP'];
    expect(bootedLanguage()).toBe('ja');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    expect(document.documentElement.getAttribute('lang')).toBe('ja');
  });

  it('keeps the neutral outline off the home screen', () => {
    window.history.replaceState(null, '', '/history');
    expect(bootedLanguage()).toBeUndefined();
    expect(document.querySelector('.skeleton-home')).not.toBeNull();
  });

  it('keeps the neutral outline when storage cannot be read, and still finds the browser language', () => {
    browserLanguages = ['de-DE'];
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(bootedLanguage()).toBe('de');
  });

  it('leaves the hero out for a visitor who dismissed it, as the app does', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.heroDismissed, 'true');
    expect(bootedLanguage()).toBe('en');
    expect(document.querySelector('.hero')).toBeNull();
    window.history.replaceState(null, '', '/history');
    bootedLanguage();
    expect(document.querySelector('.skeleton-hero')).toBeNull();
  });

  it('runs from its source text alone, as index.html carries it', () => {
    browserLanguages = ['es-ES'];
    const fromSource = new Function(`return (${bootFirstScreen.toString()})`)() as typeof bootFirstScreen;
    expect(bootedLanguage(fromSource)).toBe('es');
  });
});
