import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { afterNextPaint } from '../lib/after-next-paint';

type TrackPage = (pathname: string, search: string) => void;

// Tracking is not needed for the first paint, so the tracker (and the route table it reads) is fetched after it,
// keeping the initial bundle for / smaller (docs/DESIGN.md §8). One tracker serves the whole visit, so its
// de-duplication spans every route change; calls keep their order because they chain on the same promise.
let tracker: Promise<TrackPage> | undefined;
function loadTracker(): Promise<TrackPage> {
  tracker ??= afterNextPaint()
    .then(() => import('../lib/page-tracking'))
    .then((module) => module.createPageTracker());
  return tracker;
}

/** docs/SPEC.md §4 Tracking: reports a view of a tracked page on every route change; never fails loudly. */
export function usePageTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    loadTracker().then(
      (trackPage) => trackPage(pathname, search),
      () => {},
    );
  }, [pathname, search]);
}
