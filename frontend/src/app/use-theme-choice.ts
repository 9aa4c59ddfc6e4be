import { createContext, useContext } from 'react';
import type { Theme } from '../lib/ui-constants';

export interface ThemeChoiceState {
  theme: Theme;
  setTheme: (choice: Theme) => void;
}

export const ThemeChoiceContext = createContext<ThemeChoiceState | null>(null);

export function useThemeChoice(): ThemeChoiceState {
  const state = useContext(ThemeChoiceContext);
  if (!state) throw new Error('useThemeChoice must be used inside <AppThemeProvider>');
  return state;
}
