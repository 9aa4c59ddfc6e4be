// Not yet in shared/constants.ts: the integrator should move it there and delete this file.

/** Interface languages that have a locales/{lng}/translation.json (SPEC §1: en, fr, es and de). */
export const SUPPORTED_UI_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
