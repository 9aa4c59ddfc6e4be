import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { storedToken } from '../../../lib/stored-token';
import { SessionContext, type SessionValue } from '../../../lib/session-context';
import { sessionStore } from '../session-store';

type UserFetch = 'on-load' | 'after-change';

// The api client (its route table and error mapping) is not part of the first paint: it is fetched once this
// provider mounts, and a visitor with no stored token needs it only for what they do next (docs/DESIGN.md §8).
const loadApiClient = () => import('../../../lib/api-client');

// The error keys come with the api client's chunk (which imports them too), not with the first paint.
const loadErrorKeys = () => import('@wayfarer/shared/domain/error-keys');
const fallbackFor = ({ ACCOUNT_ERROR_KEYS }: Awaited<ReturnType<typeof loadErrorKeys>>, kind: UserFetch) =>
  kind === 'on-load' ? ACCOUNT_ERROR_KEYS.userFetchOnLoadFailed : ACCOUNT_ERROR_KEYS.userFetchFailed;

/**
 * The toast for a failed user fetch: the server's message when it sent one, else this fetch's own key. A 401
 * has ended the session with the api client's error_session_expired; this fetch's own key says more.
 */
function messageForFailedFetch(
  error: unknown,
  fallbackKey: string,
  ApiError: Awaited<ReturnType<typeof loadApiClient>>['ApiError'],
): string {
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

  // sonner is fetched when a toast is first needed: it is not part of the first paint (docs/DESIGN.md §8).
  const showError = useCallback((message: string) => {
    void Promise.all([import('sonner'), import('../../../lib/translate-message')]).then(
      ([{ toast }, { translateMessage }]) => toast.error(translateMessage(translate.current, message)),
    );
  }, []);

  const fetchUser = useCallback(
    async (kind: UserFetch) => {
      const [{ ApiError, callRoute, keepsSession }, errorKeys] = await Promise.all([
        loadApiClient(),
        loadErrorKeys(),
      ]);
      const fallbackKey = fallbackFor(errorKeys, kind);
      try {
        sessionStore.setUser(await callRoute('auth.me', { fallbackKey }));
      } catch (error) {
        if (error instanceof ApiError && keepsSession(error.status)) {
          // A 429 shows §8's key for the route (the server's own words are logged, never shown), a 5xx its
          // message; with no network the app opens offline as it is, signed in, and says nothing.
          if (error.status !== 0) showError(error.message);
          sessionStore.staySignedInWithoutUser();
          return;
        }
        showError(messageForFailedFetch(error, fallbackKey, ApiError));
        sessionStore.signOut();
      }
    },
    [showError],
  );

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    void loadApiClient().then(({ onSessionChange }) => {
      if (unmounted) return;
      unsubscribe = onSessionChange((change) => {
        if (change.kind === 'refreshed') return sessionStore.setUser(change.session.user);
        // A forced logout (failed refresh, 401 after refresh) ends where the Logout button does.
        sessionStore.signOut();
        onLogout();
      });
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [onLogout]);

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    void loadApiClient().then(({ keepTokenFresh, msUntilRefreshDue }) => {
      const dueInMs = msUntilRefreshDue();
      if (unmounted || dueInMs === undefined) return;
      timer = setTimeout(() => void keepTokenFresh().catch(() => undefined), Math.max(dueInMs, 0));
    });
    return () => {
      unmounted = true;
      clearTimeout(timer);
    };
  }, [snapshot]);

  const logout = useCallback(() => {
    // The token is read now: signing out clears it before the api client has loaded.
    const token = storedToken();
    void loadApiClient().then(({ endServerSession }) => endServerSession(token));
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
