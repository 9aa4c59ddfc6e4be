import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import {
  ApiError,
  callRoute,
  keepTokenFresh,
  msUntilRefreshDue,
  onSessionChange,
  storedToken,
  endServerSession,
} from '../../../lib/api-client';
import { SessionContext, type SessionValue } from '../../../lib/session-context';
import { translateMessage } from '../../../lib/translate-message';
import { sessionStore } from '../session-store';

type UserFetch = 'on-load' | 'after-change';

const fallbackFor: Record<UserFetch, string> = {
  'on-load': ACCOUNT_ERROR_KEYS.userFetchOnLoadFailed,
  'after-change': ACCOUNT_ERROR_KEYS.userFetchFailed,
};

/**
 * The toast for a failed user fetch: the server's message when it sent one, else this fetch's own key. A 401
 * has ended the session with the api client's literal 'Authentication failed', which says less than the key.
 */
function messageForFailedFetch(error: unknown, fallbackKey: string): string {
  if (!(error instanceof ApiError) || error.status === 401) return fallbackKey;
  return error.message;
}

/**
 * Fills SessionContext (docs/SPEC.md §4 Auth): at load a stored token fetches the user (429: the server's message, and
 * the session goes on; any other failure: sign out), the api client's refreshes bring a new user and its
 * failures end the session and go to /, and logout clears the token and goes to /.
 */
export function SessionProvider({ children, onLogout }: { children: ReactNode; onLogout: () => void }) {
  const { t } = useTranslation(undefined, { useSuspense: false });
  // Read when a toast fires, so a language change neither refetches the user nor shows stale text.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  }, [t]);
  const snapshot = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);

  const showError = useCallback((message: string) => {
    toast.error(translateMessage(translate.current, message));
  }, []);

  const fetchUser = useCallback(
    async (kind: UserFetch) => {
      const fallbackKey = fallbackFor[kind];
      try {
        sessionStore.setUser(await callRoute('auth.me', { fallbackKey }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          showError(error.serverMessage ?? error.message);
          sessionStore.staySignedInWithoutUser();
          return;
        }
        showError(messageForFailedFetch(error, fallbackKey));
        sessionStore.signOut();
      }
    },
    [showError],
  );

  useEffect(
    () =>
      onSessionChange((change) => {
        if (change.kind === 'refreshed') return sessionStore.setUser(change.session.user);
        // A forced logout (failed refresh, 401 after refresh) ends where the Logout button does.
        sessionStore.signOut();
        onLogout();
      }),
    [onLogout],
  );

  // A token that looks expired is fetched too: the api client refreshes it first, and ends the session if not.
  useEffect(() => {
    if (!storedToken()) {
      sessionStore.signOut();
      return;
    }
    void fetchUser('on-load');
  }, [fetchUser]);

  // An open tab with no calls still refreshes in time; a failure ends the session through onSessionChange.
  useEffect(() => {
    if (snapshot.status !== 'signed-in') return;
    const dueInMs = msUntilRefreshDue();
    if (dueInMs === undefined) return;
    const timer = setTimeout(() => void keepTokenFresh().catch(() => undefined), Math.max(dueInMs, 0));
    return () => clearTimeout(timer);
  }, [snapshot]);

  const logout = useCallback(() => {
    endServerSession();
    sessionStore.signOut();
    onLogout();
  }, [onLogout]);

  const refreshUser = useCallback(() => fetchUser('after-change'), [fetchUser]);

  const value = useMemo<SessionValue>(
    () => ({ status: snapshot.status, user: snapshot.user, logout, refreshUser }),
    [snapshot, logout, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
