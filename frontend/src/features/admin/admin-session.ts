import { SESSION_STORAGE_KEYS } from '../../lib/ui-constants';

// docs/SPEC.md §2: unlocked for the browser session. The server's HttpOnly cookie is what grants access; this flag
// only spares the prompt while that cookie lives, and is dropped when the server says it no longer does.
const KEY = SESSION_STORAGE_KEYS.adminAuthorized;

export function isAdminUnlocked(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function setAdminUnlocked(unlocked: boolean): void {
  try {
    if (unlocked) sessionStorage.setItem(KEY, 'true');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the prompt simply shows again next time.
  }
}
