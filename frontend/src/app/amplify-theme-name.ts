/** Amplify scopes its theme's CSS variables to `[data-amplify-theme="<name>"]`. */
export const AMPLIFY_THEME_NAME = 'wayfarer';
