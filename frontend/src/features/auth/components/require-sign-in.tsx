import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';
import { useSession } from '../../../lib/session-context';
import type { SignInRedirectState } from '../redirect';

/** Pages that need a signed-in user (docs/SPEC.md §2: /subscribe, /manage-subscription) send others to /login and back. */
export function RequireSignIn({ children, pending }: { children: ReactNode; pending: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return pending;
  if (session.status === 'signed-out') {
    const state: SignInRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={PAGES.login} state={state} replace />;
  }
  return children;
}
