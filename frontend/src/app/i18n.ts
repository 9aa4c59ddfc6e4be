import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LanguageDetector } from './language-detector';
import { LocaleBackend } from './locale-backend';
import { PSEUDO_LANGUAGE } from '../lib/ui-constants';
import { backendOptions, detectionOptions, languageOptions, loaderOptions } from './i18n-options';

function followLanguageOnDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

i18n.on('languageChanged', followLanguageOnDocument);

export const i18nReady = i18n
  .use(LocaleBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ...languageOptions,
    // The dev server also answers the pseudo-locale (`?lng=qps`, vite.config.ts); builds do not have it.
    supportedLngs: import.meta.env.DEV
      ? [...languageOptions.supportedLngs, PSEUDO_LANGUAGE]
      : languageOptions.supportedLngs,
    ...loaderOptions,
    detection: detectionOptions,
    backend: backendOptions,
    // The locale file is requested while this module runs, not a task later: the first screen waits for it.
    initAsync: false,
    // A key missing from locales/ should be noticed while developing, not discovered by a user.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (languages, namespace, key) =>
      console.warn(`i18n: missing key "${key}" in namespace "${namespace}" for ${languages.join(', ')}`),
  });
