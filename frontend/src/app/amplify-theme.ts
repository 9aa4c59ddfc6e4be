import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui';
import { AMPLIFY_THEME_NAME } from './amplify-theme-name';

/**
 * The app's Amplify UI theme. Its CSS variables are generated once at build time (vite.config.ts,
 * `amplifyThemeCss`) instead of by Amplify's ThemeProvider in the browser: the provider would ship the whole
 * token tree as JavaScript on `/` and compute the same CSS at every start (13 KB gzip of the 150 KB budget).
 */
export const amplifyTheme: Theme = { name: AMPLIFY_THEME_NAME, overrides: [defaultDarkModeOverride] };
