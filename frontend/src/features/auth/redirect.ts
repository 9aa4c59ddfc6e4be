import type { Location } from 'react-router-dom';
import { PAGES } from '@wayfarer/shared/api/pages';

/** What RequireSignIn leaves in the router state of /login, so sign-in can return there. */
export interface SignInRedirectState {
  readonly from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

function isRedirectState(state: unknown): state is SignInRedirectState {
  const from = (state as { from?: { pathname?: unknown } } | null)?.from;
  return typeof from?.pathname === 'string' && from.pathname.startsWith('/');
}

/** Where a signed-in visitor of a signed-out-only page goes: the page they came from, else / (docs/SPEC.md §2). */
export function destinationAfterSignIn(location: Pick<Location, 'state'>): string {
  if (!isRedirectState(location.state)) return PAGES.home;
  const { pathname, search, hash } = location.state.from;
  // Only paths of this app: `//host` would leave it.
  return pathname.startsWith('//') ? PAGES.home : `${pathname}${search}${hash}`;
}
