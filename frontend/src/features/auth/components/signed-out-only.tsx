import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../../lib/session-context';
import { destinationAfterSignIn } from '../redirect';

/** Login, register, forgot and reset are for signed-out visitors (docs/SPEC.md §6); others go back where they came from. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-in') return <Navigate to={destinationAfterSignIn(location)} replace />;
  return children;
}
