import { TRACKED_PAGES, type TrackedPage } from '@wayfarer/shared/constants';
import { TRACKING_DEDUPE_MS } from './ui-constants';
import { PAGE_QUERY, PAGES } from '@wayfarer/shared/api/pages';
import { callRoute } from './api-client';

/**
 * docs/SPEC.md §4 Tracking checks the path *plus* query string against the list, so `/?lng=fr` is not a tracked
 * view. Checkout returns to `/subscribe-success?session_id=…`: that visit is the funnel's success step, so it
 * counts as `/subscribe-success`, and the checkout session id is never sent.
 */
export function trackedPageFor(pathname: string, search: string): TrackedPage | null {
  const query = new URLSearchParams(search);
  const checkoutReturn =
    pathname === PAGES.subscribeSuccess &&
    [...query.keys()].every((name) => name === PAGE_QUERY.checkoutSession);
  const page = checkoutReturn ? pathname : `${pathname}${search}`;
  return (TRACKED_PAGES as readonly string[]).includes(page) ? (page as TrackedPage) : null;
}

export interface PageTrackerDeps {
  send: (page: TrackedPage) => Promise<unknown>;
  now: () => number;
}

// A background call: only a live token goes along (an expired one would get the view refused), and refreshing or
// ending a session is never a side effect of counting a page view.
async function sendPageView(page: TrackedPage): Promise<void> {
  await callRoute('analytics.track', { body: { page }, keepalive: true, background: true });
}

/**
 * Returns the function to call on every route change. A repeat of the same page within TRACKING_DEDUPE_MS is one
 * view (strict-mode double effects, quick back and forth). Tracking must never disturb the visitor, so every
 * failure (network, 4xx, 5xx, a route not implemented yet) is dropped without a word.
 */
export function createPageTracker({ send, now }: PageTrackerDeps = { send: sendPageView, now: Date.now }) {
  let last: { page: TrackedPage; at: number } | null = null;
  return (pathname: string, search: string): void => {
    const page = trackedPageFor(pathname, search);
    if (!page) return;
    const at = now();
    if (last && last.page === page && at - last.at < TRACKING_DEDUPE_MS) return;
    last = { page, at };
    try {
      void send(page).catch(() => {});
    } catch {
      // A synchronous throw (no fetch in this browser) is ignored like any other failure.
    }
  };
}
