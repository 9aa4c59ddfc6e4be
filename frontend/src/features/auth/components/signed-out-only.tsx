import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../../lib/session-context';
import { destinationAfterSignIn } from '../redirect';

/**
 * Login, register, forgot and reset are for signed-out visitors (docs/SPEC.md §6); others go back where they came from.
 * This is also the one way out after signing in or registering on them: one navigation, not one from the form and one
 * from here.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = session.status === 'signed-in';
  const destination = destinationAfterSignIn(location);
  useEffect(() => {
    // Committed at once (flushSync), not as a transition: a transition to `/` waited for the home screen's code with
    // the old page still shown while the URL and the header (now signed in) had moved on, and the account menu
    // opened meanwhile closed when the page changed under it (the header's menus close on navigation).
    if (signedIn) void navigate(destination, { replace: true, flushSync: true });
  }, [signedIn, destination, navigate]);
  return signedIn ? null : children;
}
