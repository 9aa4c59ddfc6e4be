/** What registering needs from the page, passed in so the order can be checked without a browser. */
export interface ServiceWorkerHost {
  register: () => void;
  /** Runs `callback` once the page's load event has fired (at once if it already has). */
  afterLoad: (callback: () => void) => void;
  /** Runs `callback` when the main thread is next idle. */
  whenIdle: (callback: () => void) => void;
}

/**
 * Registers the service worker once the page has loaded and then gone idle. Installing it precaches the app (about
 * 1 MB): started at the load event, that download and its cache writes compete with the first screen's locale file,
 * code and render on a phone, so it waits for the first idle moment after them (docs/DESIGN.md §8, offline).
 */
export function registerServiceWorkerWhenIdle(host: ServiceWorkerHost): void {
  host.afterLoad(() => host.whenIdle(host.register));
}

/** The browser's own host: /sw.js at the root scope (what vite-plugin-pwa builds), if the browser has workers. */
export function browserServiceWorkerHost(): ServiceWorkerHost | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  return {
    register: () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }),
    afterLoad: (callback) => {
      if (document.readyState === 'complete') callback();
      else window.addEventListener('load', callback, { once: true });
    },
    // Safari has no requestIdleCallback: a second after load stands in for it there.
    whenIdle: (callback) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(callback, IDLE_TIMEOUT_MS);
    },
  };
}

/** The longest registration waits for an idle moment: a page busy for good still gets its worker. */
const IDLE_TIMEOUT_MS = 1000;
