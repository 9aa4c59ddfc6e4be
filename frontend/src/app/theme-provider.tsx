import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider, defaultDarkModeOverride, type Theme as AmplifyTheme } from '@aws-amplify/ui-react';
import type { Theme } from '@wayfarer/shared/constants';
import { ThemeChoiceContext, type ThemeChoiceState } from './use-theme-choice';
import { readStoredTheme, storeTheme } from './theme';

const amplifyTheme: AmplifyTheme = { name: 'wayfarer', overrides: [defaultDarkModeOverride] };

// Amplify scopes its CSS variables to [data-amplify-theme]; putting the attributes on <html> as well lets them
// reach the page background and anything portalled to <body> (dialogs, drawers).
function applyToDocument(choice: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-amplify-theme', amplifyTheme.name);
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

  return (
    <ThemeChoiceContext.Provider value={state}>
      <ThemeProvider theme={amplifyTheme} colorMode={theme}>
        {children}
      </ThemeProvider>
    </ThemeChoiceContext.Provider>
  );
}
