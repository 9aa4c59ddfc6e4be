import type { SessionResponse, User } from '@wayfarer/shared/api/auth';
import type { SessionStatus } from '../../lib/session-context';
import { clearStoredToken, storedToken, storeToken } from '../../lib/stored-token';

// The signed-in state outside React, so the pages of this feature can sign in and the provider can follow
// the api client's refreshes. Screens read it only through SessionContext (lib/session-context.ts).

export interface SessionSnapshot {
  readonly status: SessionStatus;
  readonly user: User | null;
}

let snapshot: SessionSnapshot = {
  status: storedToken() ? 'loading' : 'signed-out',
  user: null,
};
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionSnapshot => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Login and register (docs/SPEC.md §4): keep the token, show the user. */
  signIn(session: SessionResponse): void {
    storeToken(session.token);
    publish({ status: 'signed-in', user: session.user });
  },
  setUser(user: User): void {
    publish({ status: 'signed-in', user });
  },
  signOut(): void {
    clearStoredToken();
    publish({ status: 'signed-out', user: null });
  },
  /**
   * A 429 on the user fetch (docs/SPEC.md §8): the session goes on, as the token is still sent and charged as the
   * user's; only the user's details are unknown until a later fetch or refresh brings them.
   */
  staySignedInWithoutUser(): void {
    publish({ status: 'signed-in', user: snapshot.user });
  },
};
