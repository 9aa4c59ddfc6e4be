import { useState } from 'react';
import { browserBlockReason, currentBrowserTraits, type BrowserBlockReason } from '../browser-support';

/** Why this browser cannot run the app, or null. Read once: neither the user agent nor the APIs change. */
export function useBrowserBlock(): BrowserBlockReason | null {
  const [reason] = useState(() => browserBlockReason(currentBrowserTraits()));
  return reason;
}
