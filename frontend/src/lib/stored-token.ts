import { LOCAL_STORAGE_KEYS } from './ui-constants';

// The session token in this browser's storage. Apart from the api client so that the first screen can tell
// whether anyone is signed in without loading the client and its route table (docs/DESIGN.md §8).

export function storedToken(): string | null {
  try {
    return localStorage.getItem(LOCAL_STORAGE_KEYS.authToken);
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): nobody is signed in.
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
  } catch {
    // The session then lasts as long as the page; nothing better is possible.
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.authToken);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
