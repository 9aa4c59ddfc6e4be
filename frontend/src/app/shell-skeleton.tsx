import type { ReactNode } from 'react';
import { PAGES } from '@wayfarer/shared/api/pages';
import { strokeIconProps } from '../lib/stroke-icon';
import { PageLoading } from '../lib/page-loading';

/*
 * What the first screen shows before its text and code arrive (docs/DESIGN.md §8, first paint): the header bar and,
 * on `/`, the voice screen's outline with its main button. The build renders this very markup into index.html's
 * #root (frontend/vite.config.ts), so it paints before any script runs; React keeps it on screen while the locale
 * file and the home screen's code load. It has no text (no locale yet) and nothing to focus, and is
 * hidden from assistive technology: the page becomes usable when the real screen replaces it.
 */

const micIconProps = strokeIconProps(24);

/** The home screen's outline: the hero above the voice screen's. */
export function HomeSkeleton() {
  return (
    <div className="skeleton-home" aria-hidden="true" data-testid="home-skeleton">
      <div className="skeleton-block skeleton-hero" />
      <VoiceSkeleton />
    </div>
  );
}

/** The voice screen's outline: title, description, and the card with its main button. */
export function VoiceSkeleton() {
  return (
    <div className="page skeleton-voice" aria-hidden="true" data-testid="voice-skeleton">
      <div className="skeleton-line skeleton-heading" />
      <div className="skeleton-line" />
      <VoiceCardSkeleton />
    </div>
  );
}

function VoiceCardSkeleton() {
  return (
    <div className="skeleton-block skeleton-card">
      <div className="skeleton-main-button">
        <svg {...micIconProps}>
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
        </svg>
      </div>
    </div>
  );
}

/**
 * The voice screen's card while GET /api/capabilities decides its controls: the title and description above it are
 * already the real ones (they are the largest paint and wait for nothing), and it is a screen tall like the outline.
 */
export function VoiceCardPending() {
  return (
    <div className="skeleton-voice" aria-hidden="true" data-testid="voice-skeleton">
      <VoiceCardSkeleton />
    </div>
  );
}

/**
 * The whole first screen before the locale file arrives: the header bar above `children` (the screen's outline, or
 * in index.html the home screen's top in `lang`: static-first-screen.tsx).
 */
export function ShellSkeleton({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <div className="app-shell" data-testid="shell-skeleton" lang={lang}>
      <div className="app-header skeleton-header" aria-hidden="true">
        <div className="skeleton-line skeleton-brand" />
      </div>
      <div className="app-main">{children}</div>
    </div>
  );
}

/**
 * What shows before the locale file and the screen's code arrive: on `/` the voice screen's outline, elsewhere the
 * busy state (which appears once its text has loaded). `pathname` is the page's path.
 */
export function FirstScreenFallback({ pathname }: { pathname: string }) {
  return <ShellSkeleton>{pathname === PAGES.home ? <HomeSkeleton /> : <PageLoading />}</ShellSkeleton>;
}
