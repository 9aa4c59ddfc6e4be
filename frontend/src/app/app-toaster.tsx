import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX, TOAST_WIDTH_PX } from '../lib/ui-constants';
import { useThemeChoice } from './use-theme-choice';

// Sonner has no prop for the width, only the --width variable (its own default is also 356 px). The swipe
// threshold (docs/SPEC.md §9: TOAST_SWIPE_THRESHOLD_PX, 45 px) is not configurable either: sonner 2.0.8 hard-codes
// SWIPE_THRESHOLD = 45, which matches; app-toaster.test.ts fails if an upgrade changes it.
const toasterStyle = { '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties;

export function AppToaster() {
  const { theme } = useThemeChoice();
  return (
    <Toaster
      theme={theme}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_MAX}
      style={toasterStyle}
    />
  );
}
