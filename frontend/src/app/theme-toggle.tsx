import { useTranslation } from 'react-i18next';
import type { Theme } from '../lib/ui-constants';
import { Tooltip } from '../lib/tooltip';
import { MonitorIcon, MoonIcon, SunIcon } from './nav-icons';
import { useThemeChoice } from './use-theme-choice';

// One button cycles through the three choices, so the control costs one header slot at 375 px.
const nextTheme: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };

const labelKey = {
  light: 'theme_toggle_light',
  dark: 'theme_toggle_dark',
  system: 'theme_toggle_system',
} as const satisfies Record<Theme, string>;

const icon: Record<Theme, () => React.JSX.Element> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeChoice();
  const label = t(labelKey[theme]);
  const Icon = icon[theme];
  return (
    <Tooltip label={label}>
      <button
        type="button"
        className="icon-link"
        data-testid="theme-toggle"
        data-theme={theme}
        aria-label={label}
        onClick={() => setTheme(nextTheme[theme])}
      >
        <Icon />
      </button>
    </Tooltip>
  );
}
