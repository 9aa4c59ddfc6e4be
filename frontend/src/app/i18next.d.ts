import type translation from '../../../locales/en/translation.json';

// Keys are typed from the English file, so a key that does not exist is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translation };
  }
}
