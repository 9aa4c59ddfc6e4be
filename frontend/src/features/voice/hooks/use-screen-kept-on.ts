import { useEffect, useRef, useState } from 'react';
import { browserWakeLock, createScreenKeeper, type ScreenKeeper } from '../../../lib/wake-lock';

/**
 * Keeps the screen on while `wanted` (listening mode while a session runs), and releases it when `wanted` ends and when
 * the screen unmounts (docs/SPEC.md §4 Listening mode). Returns whether the browser can keep it on at all.
 */
export function useScreenKeptOn(wanted: boolean): boolean {
  const keeper = useRef<ScreenKeeper | null>(null);
  const [supported] = useState(() => browserWakeLock() !== undefined);

  useEffect(() => {
    const current = createScreenKeeper(browserWakeLock(), () => document.visibilityState === 'visible');
    keeper.current = current;
    const onVisibility = () => current.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      current.dispose();
      keeper.current = null;
    };
  }, []);

  useEffect(() => {
    keeper.current?.want(wanted);
  }, [wanted]);

  return supported;
}
