import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Theme } from '../lib/ui-constants';
import { ThemeChoiceContext, type ThemeChoiceState } from './use-theme-choice';
import { readStoredTheme, storeTheme } from './theme';
import { AMPLIFY_THEME_NAME } from './amplify-theme-name';

// Amplify scopes its CSS variables to [data-amplify-theme]; putting the attributes on <html> as well lets them
// reach the page background and anything portalled to <body> (dialogs, drawers).
function applyToDocument(choice: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-amplify-theme', AMPLIFY_THEME_NAME);
  root.setAttribute('data-amplify-color-mode', choice);
  root.style.colorScheme = choice === 'system' ? 'light dark' : choice;
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme());

  useEffect(() => applyToDocument(theme), [theme]);

  const state = useMemo<ThemeChoiceState>(
    () => ({
      theme,
      setTheme: (choice) => {
        storeTheme(choice);
        setThemeState(choice);
      },
    }),
    [theme],
  );

  return <ThemeChoiceContext.Provider value={state}>{children}</ThemeChoiceContext.Provider>;
}
