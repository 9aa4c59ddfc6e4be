import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import '@aws-amplify/ui-react/styles/reset.css';
import 'virtual:amplify-theme.css';
import './app.css';
// The home screen's top is painted from index.html before any script runs (docs/DESIGN.md §8, first paint), so its
// styles are in the entry's stylesheet, not in the home screen's chunk.
import '../features/onboarding/components/hero-banner.css';
import '../features/voice/components/voice-page-frame.css';
import { i18nReady } from './i18n';
import { App } from './app';
import { appRoutes } from './router';
import { loadHomeScreen } from './home-route';
import { PAGES } from '@wayfarer/shared/api/pages';
import { afterNextPaint } from '../lib/after-next-paint';
import { browserServiceWorkerHost, registerServiceWorkerWhenIdle } from './register-service-worker';

// Fetched beside the locale file instead of after it (the layout renders only once its text is there).
const homeScreen =
  window.location.pathname === PAGES.home
    ? loadHomeScreen().then((home) => home.prefetchHomeScreen())
    : undefined;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// index.html's outline of the first screen stays until React's first render replaces it, so that render waits for
// the locale file and, on `/`, the home screen's code: it then shows the screen at once instead of a Suspense
// fallback, whose reveal React would hold back for 300 ms (docs/DESIGN.md §8, first paint). A failed load renders
// all the same: the screens say so themselves, as they did without the wait.
const firstScreenReady = Promise.allSettled([i18nReady, homeScreen]);
// As a transition, React renders that screen in slices that yield to the browser between them instead of in one
// long task: index.html's copy is on screen meanwhile, and the page answers input while the real one is built.
void firstScreenReady
  .then(() => {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={createBrowserRouter(appRoutes)} />
        </StrictMode>,
      ),
    );
  })
  // The service worker (production builds only) installs after the first screen is painted, not beside it.
  .then(afterNextPaint)
  .then(() => {
    const host = import.meta.env.PROD ? browserServiceWorkerHost() : undefined;
    if (host) registerServiceWorkerWhenIdle(host);
  });
