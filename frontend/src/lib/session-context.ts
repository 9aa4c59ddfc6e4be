import { createContext, useContext } from 'react';
import type { User } from '@wayfarer/shared/api/auth';

/**
 * The signed-in state every screen reads. The accounts feature provides it (its SessionProvider fills this
 * context); the header, guards and other features only read it, so none of them imports the accounts feature.
 */
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface SessionValue {
  readonly status: SessionStatus;
  /** The signed-in user, or null while loading or signed out. */
  readonly user: User | null;
  /** Clears the session and goes to / (docs/SPEC.md §4 Auth). */
  readonly logout: () => void;
  /** Fetches the user again (after the subscription flow); signs out on a non-OK, non-429 answer. */
  readonly refreshUser: () => Promise<void>;
}

/** What a screen sees before the accounts feature provides a session: nobody is signed in. */
export const signedOutSession: SessionValue = {
  status: 'signed-out',
  user: null,
  logout: () => {},
  refreshUser: async () => {},
};

export const SessionContext = createContext<SessionValue>(signedOutSession);

export function useSession(): SessionValue {
  return useContext(SessionContext);
}

/** docs/SPEC.md §6: a subscriber is a user whose subscription status is ACTIVE. */
export function isSubscriber(session: SessionValue): boolean {
  return session.user?.subscriptionStatus === 'ACTIVE';
}
